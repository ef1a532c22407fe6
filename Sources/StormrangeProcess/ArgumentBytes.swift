#if canImport(Glibc)
  import Glibc
#endif

/// The process's arguments as the system passed them: bytes, which need not be UTF-8.
///
/// argument-parser takes `String`s, and a `String` cannot hold bytes that are not UTF-8, so such an
/// argument is handed to it spelled losslessly: each of its bytes from 0x80 up as a NUL and two hex
/// digits (`caf\xE9` becomes `caf\0E9`). No argument can contain a NUL, so the spelling cannot be
/// confused with anything a user typed; ASCII, and with it `--file=…`, is left as it is, so parsing
/// is unchanged; and valid UTF-8 is not spelled at all. `bytes(of:)` turns a parsed value back into
/// the exact bytes given, so `--file` reaches the system as those bytes.
package enum ArgumentBytes {
  /// `CommandLine.unsafeArgv` without the program's name. Not `CommandLine.arguments`: it has already
  /// replaced bytes that are not UTF-8 with U+FFFD, and two different file names can become one.
  /// When the Swift runtime was given no arguments at all (argc 0: it happens under a preloaded
  /// library such as libfaketime's, used without `faketime`), they are read from
  /// /proc/self/cmdline instead, rather than running as if none were typed.
  package static func fromSystem() -> [[UInt8]] {
    guard CommandLine.argc > 0 else { return Array(split(commandLine: processCommandLine()).dropFirst()) }
    return (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
  }

  /// The arguments in /proc/PID/cmdline's form, each ended by a NUL, the program's name first.
  package static func split(commandLine bytes: [UInt8]) -> [[UInt8]] {
    guard !bytes.isEmpty else { return [] }
    var arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    if bytes.last == 0 { arguments.removeLast() }
    return arguments
  }

  /// /proc/self/cmdline's bytes, or none when it cannot be read.
  private static func processCommandLine() -> [UInt8] {
    let descriptor = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return bytes
      }
    }
  }

  /// The argument as argument-parser reads it: itself if it is UTF-8, else spelled as described above.
  package static func text(of bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var text = ""
    for byte in bytes {
      if byte < 0x80 {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text += "\0" + String(byte, radix: 16, uppercase: true)
      }
    }
    return text
  }

  /// The bytes that `text` (an argument, or a message quoting one) stands for.
  package static func bytes(of text: String) -> [UInt8] {
    let utf8 = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = 0
    while index < utf8.count {
      if utf8[index] == 0, index + 2 < utf8.count,
        let byte = UInt8(String(decoding: utf8[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
      {
        bytes.append(byte)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return bytes
  }
}

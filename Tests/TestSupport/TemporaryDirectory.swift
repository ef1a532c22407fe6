import FoundationEssentials
import Glibc

/// A fresh directory under the system's temporary directory, removed when the value is released.
public final class TemporaryDirectory {
  public let path: String

  public init() {
    let template = FileManager.default.temporaryDirectory.path + "/stormrange-tests-XXXXXX"
    var bytes = Array(template.utf8CString)
    path = bytes.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  public func file(_ name: String) -> String { path + "/" + name }

  public func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }

  public func bytes(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: file(name)).map { Array($0) }
  }
}


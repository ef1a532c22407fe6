import StormrangeRendering

/// Standard output and standard error as one ordered queue of pending text, written out by
/// ``flush()``. One queue for both keeps what a person sees with `2>&1` in the order of the input,
/// and holding the text lets the batch runner show a group's confirmations only once the group is
/// on disk (and drop them if it is not).
///
/// A write error on standard output is remembered: a reader that went away (`head -1`) is a quiet
/// end, anything else (a full disk, an I/O error) must be reported, and nothing more is written.
/// A write given up because a signal arrived while the output was blocked
/// (``WriteResult/interrupted``) drops the rest of that flush's output, but is not remembered: at the
/// prompt, Ctrl-C only cancels what the command was printing.
package final class Console {
  package enum Stream: Sendable {
    case output
    case errors
  }

  /// What became of one write.
  package enum WriteResult: Equatable, Sendable {
    case written
    /// The reader closed its end (EPIPE).
    case closed
    /// Writing failed with this errno (ENOSPC, EIO, …).
    case failed(Int32)
    /// The output was blocked (a reader that does not read) when a signal asked the program to stop.
    case interrupted
  }

  /// Results, on standard output.
  package private(set) lazy var output: TextSink = Sink(console: self, stream: .output)
  /// Errors and warnings, on standard error.
  package private(set) lazy var errors: TextSink = Sink(console: self, stream: .errors)
  /// Set once standard output could not be written; later output to it is dropped.
  package private(set) var outputFailure: WriteResult?
  /// Whether the last ``flush()`` gave up standard output because a signal arrived while it was
  /// blocked.
  private(set) var wasInterrupted = false

  /// Replaces stormrange's symbols (°, ±, ·, —, …) with ASCII stand-ins, for a terminal whose
  /// locale is not UTF-8 (see ``CharacterRepertoire``).
  package var asciiOnly = false

  private var pending: [(stream: Stream, bytes: [UInt8])] = []
  private let destination: (Stream, [UInt8]) -> WriteResult

  /// `destination` writes all of the bytes to the stream, or says why it could not.
  package init(destination: @escaping (Stream, [UInt8]) -> WriteResult) { self.destination = destination }

  /// Sends what is held, in order; returns false when standard output has failed, or was given up
  /// by this flush (``wasInterrupted``).
  @discardableResult
  package func flush() -> Bool {
    let chunks = pending
    pending.removeAll(keepingCapacity: true)
    wasInterrupted = false
    for (stream, bytes) in chunks {
      if stream == .output {
        guard outputFailure == nil, !wasInterrupted else { continue }
        switch destination(.output, bytes) {
        case .written: break
        case .interrupted: wasInterrupted = true
        case let failure: outputFailure = failure
        }
      } else {
        // Nowhere to report a failing standard error; what it could not take is lost.
        _ = destination(.errors, bytes)
      }
    }
    return outputFailure == nil && !wasInterrupted
  }

  /// Forgets what has not been flushed.
  package func discardUnflushed() { pending.removeAll(keepingCapacity: true) }

  fileprivate func append(_ text: String, to stream: Stream, exactly: Bool = false) {
    let text = asciiOnly && !exactly ? CharacterRepertoire.asciiStandingIn(for: text) : text
    if let last = pending.indices.last, pending[last].stream == stream {
      pending[last].bytes.append(contentsOf: text.utf8)
    } else {
      pending.append((stream, Array(text.utf8)))
    }
  }

  private final class Sink: TextSink {
    unowned let console: Console
    let stream: Stream
    init(console: Console, stream: Stream) {
      self.console = console
      self.stream = stream
    }
    func write(_ text: String) { console.append(text, to: stream) }
    func writeExactly(_ text: String) { console.append(text, to: stream, exactly: true) }
  }
}

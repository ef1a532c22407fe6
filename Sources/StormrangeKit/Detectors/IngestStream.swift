import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeStore

/// `ingest`'s stream: reads detector messages line by line, records their readings in the session,
/// and reports as it goes. The lines that have already arrived are recorded together and saved
/// with one write, as a batch's `add` lines are (group commit), then confirmed, one line each as
/// `add` confirms one. Warnings go to standard error as `stormrange: line N: …`, at most
/// ``reportedWarnings`` and then how many more at the end; each new sensor is announced once
/// (unless `--sensor` named the ones wanted); a summary of each sensor is written at the end and
/// every ``summaryInterval`` of the session's clock, at the first line after it.
///
/// Nothing is kept per line, so memory stays flat however long the stream runs. The executable
/// supplies the input, how to write out the output and when to stop (``run(source:writeOut:shouldStop:)``).
public final class IngestStream {
  /// What ended the stream, beyond its input.
  public struct Result: Sendable {
    /// A save failed: nothing of the group is on disk; the stream ended there. The command reports
    /// it and exits 1.
    public var saveFailure: StormrangeError?
    /// Standard output could not be written (its reader went away, or a write failed).
    public var outputFailure: Console.WriteResult?
  }

  /// Warnings shown one by one; beyond this only their number, at the end.
  public static let reportedWarnings = 20
  /// Seconds between two summaries.
  public static let summaryInterval: Double = 600
  /// Most lines saved with one write.
  static let groupLimit = 1000

  let session: Session
  public private(set) var ingest: DetectorIngest
  private var lineNumber = 0
  private var warnings = 0
  private var lastSummary: Double

  public init(session: Session, ingest: DetectorIngest) {
    self.session = session
    self.ingest = ingest
    lastSummary = session.clock.now().monotonic
  }

  /// Reads `source` to its end, or until `shouldStop` (a signal), which ends it the same way:
  /// what was read is saved, and the summary written. `writeOut` writes out what the session holds
  /// (``Session/writeOut(_:linesLeft:)``).
  public func run(
    source: LineSource, writeOut: () -> Console.WriteResult, shouldStop: () -> Bool
  ) -> Result {
    var result = Result()
    while !shouldStop(), let line = source.nextLine() {
      lineNumber += 1
      session.beginGroup()
      take(line)
      var grouped = 1
      while grouped < Self.groupLimit, !shouldStop(), source.peekArrivedLine() != nil,
        let next = source.nextLine()
      {
        lineNumber += 1
        grouped += 1
        take(next)
      }
      do {
        try session.commitGroup()
      } catch {
        result.saveFailure = error
        break
      }
      summariseIfDue()
      if let failure = failed(writeOut()) {
        result.outputFailure = failure
        return result
      }
    }
    if result.saveFailure == nil { summarise() }
    if warnings > Self.reportedWarnings {
      let more = warnings - Self.reportedWarnings
      write("stormrange: \(more) more warning\(more == 1 ? "" : "s") not shown")
    }
    if let failure = failed(writeOut()) { result.outputFailure = failure }
    return result
  }

  /// Reads one line, records its reading and reports what it gave.
  private func take(_ line: InputLine) {
    guard !line.isTooLong else { return warn(StormrangeError.lineTooLong.message) }
    guard line.isValidUTF8 else { return warn("not valid UTF-8 text; skipped") }
    let delivery = ingest.receive(line.text, arrival: line.arrival.wall)
    if let sensor = delivery.newSensor, ingest.options.sensors.isEmpty {
      write(
        "stormrange: line \(lineNumber): new sensor \(sensor.name) (\(sensor.kind.rawValue)); "
          + "--sensor \(sensor.name) records only the sensors named")
    }
    if let warning = delivery.warning { warn(warning) }
    if let reading = delivery.reading {
      do {
        try session.record(reading, warning: nil, unit: session.currentSettings.unit)
      } catch {
        // Only a change the history refuses (its size limit) fails here; the save comes later.
        warn(error.message)
      }
    }
  }

  private func warn(_ message: String) {
    warnings += 1
    guard warnings <= Self.reportedWarnings else { return }
    write("stormrange: line \(lineNumber): \(message)")
  }

  /// A line on standard error, in the caution colour, controls escaped.
  private func write(_ text: String) {
    session.errors.write(session.errorPalette.paint(text.escapingControlCharacters, as: .caution) + "\n")
  }

  private func summariseIfDue() {
    let now = session.clock.now().monotonic
    guard now - lastSummary >= Self.summaryInterval else { return }
    summarise()
  }

  /// One line per sensor heard so far.
  private func summarise() {
    lastSummary = session.clock.now().monotonic
    for summary in ingest.summaries { write("stormrange: \(summary.line)") }
  }

  private func failed(_ written: Console.WriteResult) -> Console.WriteResult? {
    switch written {
    case .written, .interrupted: nil
    case let failure: failure
    }
  }
}

import FoundationEssentials
import StormrangeBase
import StormrangeDetectors
import StormrangeDomain
import StormrangeLocated
import StormrangeRendering
import StormrangeStore

/// `ingest`'s stream: reads detector messages (or located strikes) line by line, records their
/// readings (or groups, ``LocatedRecorder``) in the session, and reports as it goes. The lines that have already arrived are recorded together and saved
/// with one write, as a batch's `add` lines are (group commit), then confirmed, one line each as
/// `add` confirms one. Warnings go to standard error as `stormrange: line N: …`, at most
/// ``reportedWarnings`` and then how many more at the end; each new sensor is announced once
/// (unless `--sensor` named the ones wanted), until more than ``DetectorIngest/maximumSensors``
/// have been heard, which is said once; a summary of each sensor (or of the located source) is
/// written at the end and every ``summaryInterval`` of the session's clock, at the first line after
/// it. A located source warns of each kind of fault once, and counts them in its summary.
///
/// Nothing is kept per line, so memory stays flat however long the stream runs. The executable
/// supplies the input, the console and when to stop (``run(source:console:shouldStop:)``).
package final class IngestStream {
  /// What ended the stream, beyond its input.
  package struct Result: Sendable {
    /// The history could not be read or saved: the group's readings from that line on are not on
    /// disk, and the stream ended there. The command reports it and exits 1.
    var saveFailure: StormrangeError?
    /// Standard output could not be written (its reader went away, or a write failed).
    package var outputFailure: Console.WriteResult?
    /// Standard input could not be read (a directory, a descriptor closed): `errno`, and how many
    /// lines were read before.
    var readFailure: (code: Int32, lines: Int)?
  }

  /// Warnings shown one by one; beyond this only their number, at the end.
  package static let reportedWarnings = 20
  /// Seconds between two summaries.
  package static let summaryInterval: Double = 600
  /// Most lines saved with one write.
  static let groupLimit = 1000
  /// Seconds a located source's strikes are gathered, from the first, before they are saved with
  /// one write: each is on disk within a few seconds of arriving (the issue asks for 5), and a feed
  /// of 200 strikes a second rewrites the history once every 2 s, not 200 times.
  package static let locatedSaveDelay = 2.0

  /// What reads the lines.
  package enum Reader {
    /// A detector's messages, each a reading.
    case detector(DetectorIngest)
    /// A network's located strikes, recorded in groups.
    case located(LocatedRecorder)
  }

  let session: Session
  /// The reader of a detector's messages; nil for a located source. Kept apart from ``Reader`` so
  /// that it changes in place, not copied out of the enum for each line.
  private var detector: DetectorIngest?
  private let located: LocatedRecorder?
  private var lineNumber = 0
  private var warnings = 0
  private var lastSummary: Double

  package init(session: Session, reader: Reader) {
    self.session = session
    switch reader {
    case .detector(let ingest):
      detector = ingest
      located = nil
    case .located(let recorder):
      detector = nil
      located = recorder
    }
    lastSummary = session.clock.now().monotonic
  }

  /// Reads `source` to its end, or until `shouldStop` (a signal), which ends it the same way:
  /// what was read is saved, and the summary written. What the session says goes to `console`,
  /// written out after each save (``Session/writeOut(_:linesLeft:)``).
  package func run(source: LineSource, console: Console, shouldStop: () -> Bool) -> Result {
    let writeOut = { self.session.writeOut(console) }
    var result = Result()
    while result.saveFailure == nil, !shouldStop(), let line = source.nextLine() {
      lineNumber += 1
      session.beginGroup()
      result.saveFailure = take(line)
      var grouped = 1
      // A located source's strikes come many a second: those of the next ``locatedSaveDelay`` are
      // saved together, so the history is not rewritten for each one.
      let gathering = located == nil ? 0 : session.clock.now().monotonic + Self.locatedSaveDelay
      while result.saveFailure == nil, grouped < Self.groupLimit, !shouldStop(),
        source.lineArrives(within: gathering - session.clock.now().monotonic), let next = source.nextLine()
      {
        lineNumber += 1
        grouped += 1
        result.saveFailure = take(next)
      }
      do {
        try session.commitGroup()
      } catch {
        // Nothing of the group is on disk: none of it may be confirmed.
        console.discardUnflushed()
        result.saveFailure = error
      }
      guard result.saveFailure == nil else { break }
      summariseIfDue()
      if let failure = failed(writeOut()) {
        result.outputFailure = failure
        return result
      }
    }
    if result.saveFailure == nil, let code = source.readFailure { result.readFailure = (code, lineNumber) }
    if result.saveFailure == nil { summarise() }
    if warnings > Self.reportedWarnings {
      let more = warnings - Self.reportedWarnings
      write("stormrange: \(more) more warning\(more == 1 ? "" : "s") not shown")
    }
    if let failure = failed(writeOut()) { result.outputFailure = failure }
    return result
  }

  /// Reads one line, records its reading and reports what it gave; returns why the history could
  /// not take the reading (it cannot be read or written, or it would grow too large), which ends
  /// the stream.
  private func take(_ line: InputLine) -> StormrangeError? {
    guard !line.isTooLong else {
      if let located {
        let limit = InputLine.maximumLength
        let problem = LocatedProblem(
          .tooLong, "the message is longer than \(limit >> 20) MiB (\(ByteCount.text(limit)))")
        if let warning = located.refuse(problem) {
          warn(warning)
        }
      } else {
        warn(StormrangeError.lineTooLong.message)
      }
      return nil
    }
    guard line.isValidUTF8 else {
      if let located {
        if let warning = located.refuse(LocatedProblem(.notUTF8, "the message is not valid UTF-8 text")) {
          warn(warning)
        }
      } else {
        warn("not valid UTF-8 text; skipped")
      }
      return nil
    }
    if let located {
      do {
        if let warning = try located.take(Array(line.text.utf8), arrival: line.arrival.wall) { warn(warning) }
        return nil
      } catch {
        return error
      }
    }
    return detector == nil ? nil : take(line, into: &detector!)
  }

  /// ``take(_:)`` for a detector's message.
  private func take(_ line: InputLine, into ingest: inout DetectorIngest) -> StormrangeError? {
    let delivery = ingest.receive(line.text, arrival: line.arrival.wall)
    if delivery.firstForgotten {
      write("stormrange: line \(lineNumber): " + Self.capReached(ingest.options.format))
    } else if let sensor = delivery.newSensor, ingest.options.sensors.isEmpty, !ingest.hasForgotten {
      // rtl_433 hears the neighbours' sensors too: say how to leave them out.
      let hint =
        ingest.options.format == .rtl433 ? "; --sensor \(sensor.name) records only the sensors named" : ""
      write("stormrange: line \(lineNumber): new sensor \(sensor.name) (\(sensor.kind.rawValue))" + hint)
    }
    if let warning = delivery.warning { warn(warning) }
    guard let reading = delivery.reading else { return nil }
    do {
      try session.record(reading, warning: nil, unit: session.currentSettings.unit)
      return nil
    } catch {
      return error
    }
  }

  /// Said once, when a sensor is first forgotten (``DetectorIngest/maximumSensors``); new sensors
  /// are not announced after it, so a flood of ids gives this line, not a line each.
  package static func capReached(_ format: DetectorFormat) -> String {
    let most = DetectorIngest.maximumSensors
    return "more than \(most) sensors heard: the \(most) heard most recently are kept, each new one "
      + "in place of the one heard least recently, and new sensors are no longer announced"
      + (format == .rtl433 ? "; --sensor NAME records only the sensors named" : "")
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

  /// One line per sensor heard so far, or the located source's.
  private func summarise() {
    lastSummary = session.clock.now().monotonic
    if let located { write("stormrange: \(located.summaryLine)") }
    for summary in detector?.summaries ?? [] { write("stormrange: \(summary.line)") }
  }

  private func failed(_ written: Console.WriteResult) -> Console.WriteResult? {
    switch written {
    case .written, .interrupted: nil
    case let failure: failure
    }
  }
}

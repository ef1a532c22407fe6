import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

/// What the executable's `watch` loops need of a session: re-reading the history when another
/// process changed it, the dashboard's frame, and the JSON lines, all at the session's clock.
///
/// The status is computed only when it can have changed: when the history changed, and otherwise at
/// ``nextComputation``. In between, the dashboard shows the last result moved on to the time now
/// (``StormrangeDomain/StormStatus/at(_:)``: the countdown ticks), and nothing is computed.
///
/// A history file that goes missing after it was read (moved aside for a moment, being replaced
/// by a link) is not an empty history: the status goes on from the measurements last read, time
/// acting on them (the all-clear comes when it is due, not sooner), until a file is there again;
/// standard error says so once. When the path comes to lead to another file, standard error says
/// that too, once: reads and writes follow it (``StormrangeStore/SavedHistory/followPath()``).
package final class LiveStatus {
  package let session: Session
  private var stream = StatusStream()
  /// Why the history could not be read at the last ``reload()``; nil when it could.
  package private(set) var problem: StormrangeError?
  /// The status as last computed; nil while the history cannot be read.
  private var computed: HistoryStatus?
  /// The measurements last read, while the file they came from is missing; nil while it is there.
  private var keptWhileMissing: [Measurement]?
  /// The measurements of the last read that found a file; nil until one did. A file that could not
  /// be read leaves them as they were, so that one moved away after that is missing too, not empty.
  private var lastRead: [Measurement]?
  /// Whether the history changed since the status was computed.
  private var isStale = true
  /// How many times the status was computed, and the count at the last ``freshJSON()``.
  private var computations = 0
  private var computationsSent = 0
  private var lastFresh: String?
  /// When the status must be computed again though the history did not change: the next moment it
  /// changes with time (``StormrangeDomain/HistoryStatus/nextChange(after:)``: the advice, the
  /// storm's end, an entry dated ahead coming due), or, while a storm is current,
  /// ``nowcastInterval`` after the last computation; nil: not until the history changes.
  package private(set) var nextComputation: Date?

  /// While a storm is current (the advice is to shelter), its estimates at the time now move on with
  /// time, so they are computed again this often (seconds); once it is over, only when the advice
  /// changes.
  static let nowcastInterval: Double = 60

  package init(session: Session) { self.session = session }

  /// Re-reads the history if its file changed; returns whether what it holds, or whether it can be
  /// read, changed.
  @discardableResult
  package func reload() -> Bool {
    let history = session.history
    let before = history.entries
    let target = history.target
    let hadProblem = problem
    do {
      try session.loadHistory()
      problem = nil
    } catch {
      problem = error
    }
    if history.target != target {
      notice(
        "the history \(history.path) now leads to \(history.target), which is read and written from now on")
    }
    if problem == nil, !history.hasFile, let lastRead {
      guard keptWhileMissing == nil else { return false }
      keptWhileMissing = lastRead
      notice(
        "the history \(history.path) is missing (moved, or being replaced?); the status goes on from the "
          + "measurements last read (\(lastRead.count)) until a file is there again: put it back, or "
          + "restart with --file naming where it went")
      // From a file that could not be read, there was no status to go on from: there is one now.
      isStale = true
      return hadProblem != nil
    }
    if problem == nil, history.hasFile { lastRead = history.entries.map(\.measurement) }
    // Back after missing: changed only if it holds other measurements than those kept.
    let kept = keptWhileMissing
    keptWhileMissing = nil
    let changed =
      problem != hadProblem
      || (kept.map { history.entries.map(\.measurement) != $0 } ?? (history.entries != before))
    if changed { isStale = true }
    return changed
  }

  /// A line on standard error, for a service's log or beside `watch`'s output.
  private func notice(_ text: String) {
    session.errors.write(
      session.errorPalette.paint("stormrange: " + text.escapingControlCharacters, as: .caution) + "\n")
  }

  /// Marks the status as one to compute again: the session changed the history itself (`mqtt`
  /// recorded a reading), which ``reload()`` cannot tell, since memory already holds the change.
  package func historyChangedHere() { isStale = true }

  /// The status at `now`: computed if the history changed or ``nextComputation`` has come, else the
  /// last one moved on to `now`.
  private func status(at now: Date) -> HistoryStatus? {
    if isStale || nextComputation.map({ now >= $0 }) == true { compute(at: now) }
    return computed?.at(now)
  }

  private func compute(at now: Date) {
    isStale = false
    computations += 1
    if let kept = keptWhileMissing {
      computed = HistoryStatus(history: kept, now: now)
    } else {
      computed = problem == nil ? HistoryStatus(history: session.history, now: now) : nil
    }
    guard let computed else {
      nextComputation = nil
      return
    }
    let nowcast = computed.advice.level == .shelterNow ? now.addingTimeInterval(Self.nowcastInterval) : nil
    nextComputation = [computed.nextChange(after: now), nowcast].compactMap { $0 }.min()
  }

  /// The dashboard for a terminal of `width` × `height`: its lines, without line breaks.
  package func frame(width: Int, height: Int) -> [String] {
    let now = session.clock.now().wall
    return WatchFrame(
      status: status(at: now), problem: problem?.message, unit: session.currentSettings.unit,
      repertoire: session.repertoire, localTime: session.localTime, now: now, width: width, height: height
    ).lines
  }

  /// The JSON line to print now, without its line break, or nil when nothing changed since the last
  /// one (see ``StatusStream``); never one while the history cannot be read.
  package func jsonLine(historyChanged: Bool) -> String? {
    let now = session.clock.now().wall
    guard let status = status(at: now), problem == nil else { return nil }
    return stream.line(for: status, historyChanged: historyChanged)
  }

  /// The JSON to publish now, for a service that keeps the status current elsewhere (`mqtt`): after
  /// every computation of the status, that is after every change to the history, at each moment
  /// the advice changes with time, and once a minute while a storm is current, whose nowcast moves
  /// with time (``nowcastInterval``); nil when it was not computed since the last call, reads the
  /// same as the last one returned, or the history cannot be read.
  package func freshJSON() -> String? {
    let now = session.clock.now().wall
    guard let status = status(at: now), problem == nil, computations != computationsSent else { return nil }
    computationsSent = computations
    let json = StatusJSON.encode(status)
    guard json != lastFresh else { return nil }
    lastFresh = json
    return json
  }

  /// The JSON last returned by ``freshJSON()``, to publish again (a new connection).
  package var lastJSON: String? { lastFresh }
}

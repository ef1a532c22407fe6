import StormrangeDomain
import StormrangeStore

/// What the executable's `watch` loops need of a session: re-reading the history when another
/// process changed it, the dashboard's frame, and the JSON lines, all at the session's clock.
public final class WatchView {
  public let session: Session
  private var stream = StatusStream()
  /// Why the history could not be read at the last ``reload()``; nil when it could.
  public private(set) var problem: StormrangeError?

  init(session: Session) { self.session = session }

  /// Re-reads the history if its file changed; returns whether what it holds, or whether it can be
  /// read, changed.
  @discardableResult
  public func reload() -> Bool {
    let before = session.history.entries
    let hadProblem = problem
    do {
      try session.loadHistory()
      problem = nil
    } catch {
      problem = error
    }
    return problem != hadProblem || session.history.entries != before
  }

  private var status: StormStatus? {
    problem == nil ? StormStatus(history: session.history, now: session.clock.now().wall) : nil
  }

  /// The dashboard for a terminal of `width` × `height`: its lines, without line breaks.
  public func frame(width: Int, height: Int) -> [String] {
    WatchFrame(
      status: status, problem: problem?.message, unit: session.currentSettings.unit,
      repertoire: session.repertoire, now: session.clock.now().wall, width: width, height: height
    ).lines
  }

  /// The JSON line to print now, without its line break, or nil when nothing changed since the last
  /// one (see ``StatusStream``); never one while the history cannot be read.
  public func jsonLine(historyChanged: Bool) -> String? {
    guard problem == nil else { return nil }
    return stream.line(for: status, now: session.clock.now().wall, historyChanged: historyChanged)
  }
}

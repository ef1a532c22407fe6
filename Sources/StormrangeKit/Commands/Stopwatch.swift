import StormrangeBase

/// The flash-to-thunder stopwatch of `flash`, `thunder` and the Enter key. The running flash lives in
/// the session, so the prompt can count it and Ctrl-C can cancel it.
enum Stopwatch {
  /// Starts (or restarts) timing at `moment`.
  static func start(at moment: Moment, in session: Session) {
    if session.flash != nil { session.warn("the previous flash had no thunder; timing the new one") }
    session.flash = moment
    if session.mode == .interactive { session.say("timing… press Enter or type 'thunder' when you hear it") }
  }

  /// Stops timing at `moment` and records the delay.
  static func stop(at moment: Moment, in session: Session) throws(StormrangeError) {
    guard let started = session.flash else { throw .noFlash }
    session.flash = nil
    let delay = moment.monotonic - started.monotonic
    try Recording.record(
      delay: delay, typed: FixedPoint.fixed(delay, digits: 2), date: started.wall, note: nil, in: session)
  }

  /// Forgets a running flash (Ctrl-C); says so and returns true if one was running.
  @discardableResult
  static func cancel(in session: Session) -> Bool {
    guard session.flash != nil else { return false }
    session.flash = nil
    session.say("stopwatch cancelled")
    return true
  }
}

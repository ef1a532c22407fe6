import StormrangeBase
import StormrangeDomain

/// The flash-to-thunder stopwatch of `flash`, `thunder` and the Enter key. The running flash lives in
/// the session, so the prompt can count it and Ctrl-C can cancel it.
enum Stopwatch {
  /// Starts (or restarts) timing at `moment`; `bearing` is where the flash was, when given.
  static func start(at moment: Moment, bearing: Bearing? = nil, in session: Session) {
    if session.flash != nil { session.warn("the previous flash had no thunder; timing the new one") }
    session.flash = RunningFlash(moment: moment, bearing: bearing, lineNumber: session.lineNumber)
    if session.mode == .interactive { session.say("timing… press Enter or type 'thunder' when you hear it") }
  }

  /// Stops timing at `moment` and records the delay. The flash's bearing wins; `bearing` (given
  /// with `thunder`) is used when the flash had none. A thunder stamped at the flash's own moment
  /// came in the same read as the flash (a detector's lines that queued up, a pasted pair): their
  /// delay is unknown, not 0, and both are refused.
  static func stop(at moment: Moment, bearing: Bearing? = nil, in session: Session) throws(StormrangeError) {
    guard let started = session.flash else { throw .noFlash }
    session.flash = nil
    let delay = moment.monotonic - started.moment.monotonic
    guard delay != 0 else { throw .flashAndThunderTogether }
    try Recording.recordDelay(
      delay, typed: FixedPoint.fixed(delay, digits: 2), date: started.moment.wall,
      bearing: started.bearing ?? bearing, note: nil, under: .stopwatch, in: session)
  }

  /// Forgets a running flash (Ctrl-C); says so and returns true if one was running.
  @discardableResult
  static func cancel(in session: Session) -> Bool {
    guard session.flash != nil else { return false }
    session.flash = nil
    session.say("stopwatch cancelled")
    return true
  }

  /// Forgets a flash that can no longer have its thunder, at the end of a batch or after a one-shot
  /// `flash`, with a warning labelled with the flash's line: nothing was recorded for it. A flash
  /// whose thunder was not heard (too far away) is no mistake, so it is a warning, not a failure.
  static func abandon(in session: Session) {
    guard let flash = session.flash else { return }
    session.flash = nil
    session.lineNumber = flash.lineNumber
    switch session.mode {
    case .oneShot:
      session.warn(
        "'flash' alone records nothing: its stopwatch stops at a 'thunder' in the same session (at the "
          + "prompt, or in a batch on standard input); give a delay you counted with 'add SECONDS'")
    case .batch, .interactive:
      session.warn("the batch ended before this flash's thunder; nothing was recorded for it")
    }
  }

  /// The optional `[BEARING]` of `flash` and `thunder`.
  static func bearing(_ arguments: CommandArguments, of command: some Command) throws(StormrangeError)
    -> Bearing?
  {
    try command.expectArguments(arguments, atMost: 1)
    guard !arguments.isEmpty else { return nil }
    return try StormrangeError.wrapping { () throws(MeasurementError) in
      try MeasurementRules.bearing(arguments[0])
    }
  }
}

import StormrangeBase
import StormrangeDomain

/// The flash-to-thunder stopwatch of `flash`, `thunder` and the Enter key. The running flash lives in
/// the session (``flash``), so the prompt can count it and Ctrl-C can cancel it.
extension Session {
  /// The most a timed delay may be uncertain by, in seconds: a tenth of a second (34 m), the
  /// shortest thunder delay. A `flash` or `thunder` line that was already waiting when it was read
  /// (stormrange was busy with the lines before: a save waiting for the lock, a slow import) is
  /// known to have arrived only within a window (``InputLine/arrivedAfter``); when the flash's and
  /// the thunder's windows together are longer than this, the delay is refused, not recorded wrong.
  static let maximumTimingUncertainty: Double = 0.1

  /// Starts (or restarts) timing at the arrival of `line`; `bearing` is where the flash was, when
  /// given.
  func startStopwatch(at line: InputLine, bearing: Bearing? = nil) {
    if flash != nil { warn("the previous flash had no thunder; timing the new one") }
    flash = RunningFlash(
      moment: line.arrival, uncertainty: line.arrivalUncertainty, bearing: bearing, lineNumber: lineNumber)
    if mode == .interactive { say("timing… press Enter or type 'thunder' when you hear it") }
  }

  /// Stops timing at the arrival of `line` and records the delay. The flash's bearing wins;
  /// `bearing` (given with `thunder`) is used when the flash had none. A thunder stamped at the
  /// flash's own moment came in the same read as the flash (a detector's lines that queued up, a
  /// pasted pair): their delay is unknown, not 0, and both are refused; so are a flash and thunder
  /// whose lines waited while stormrange was busy, by more than ``maximumTimingUncertainty``.
  func stopStopwatch(at line: InputLine, bearing: Bearing? = nil) throws(StormrangeError) {
    guard let started = flash else { throw .noFlash }
    flash = nil
    let delay = line.arrival.monotonic - started.moment.monotonic
    guard delay != 0 else { throw .flashAndThunderTogether }
    let uncertainty = started.uncertainty + line.arrivalUncertainty
    guard uncertainty <= Self.maximumTimingUncertainty else {
      // At least one of the two is over half the bound; those are the ones that waited.
      let waited = { (seconds: Double) in seconds > Self.maximumTimingUncertainty / 2 }
      throw .stopwatchUncertain(
        flashWaited: waited(started.uncertainty), thunderWaited: waited(line.arrivalUncertainty),
        seconds: uncertainty)
    }
    // In milliseconds, so that a delay under the floor is named as timed (0.001 s), not as 0.00.
    try recordDelay(
      delay, typed: FixedPoint.fixed(delay, digits: 3), date: started.moment.wall,
      bearing: started.bearing ?? bearing, note: nil, under: .stopwatch)
  }

  /// Forgets a running flash (Ctrl-C); says so and returns true if one was running.
  @discardableResult
  func cancelStopwatch() -> Bool {
    guard flash != nil else { return false }
    flash = nil
    say("stopwatch cancelled")
    return true
  }

  /// Forgets a flash that can no longer have its thunder, at the end of a batch or after a one-shot
  /// `flash`, with a warning labelled with the flash's line: nothing was recorded for it. A flash
  /// whose thunder was not heard (too far away) is no mistake, so it is a warning, not a failure.
  func abandonStopwatch() {
    guard let running = flash else { return }
    flash = nil
    lineNumber = running.lineNumber
    switch mode {
    case .oneShot:
      warn(
        "'flash' alone records nothing: its stopwatch stops at a 'thunder' in the same session (at the "
          + "prompt, or in a batch on standard input); give a delay you counted with 'add SECONDS'")
    case .batch, .interactive:
      warn("the batch ended before this flash's thunder; nothing was recorded for it")
    }
  }
}

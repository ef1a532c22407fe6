/// When `watch`'s wait in poll(2) ends at the latest, if no key, change or signal ends it first:
/// at the next whole second of the wall clock while ticking (the dashboard's countdown, or a look at
/// the file once a second), else ``longestSleep`` from now; sooner when the status is due to be
/// computed again (``LiveStatus/nextComputation``) or the caller (`mqtt`) has something of its own
/// to do.
package enum WatchWake {
  /// The longest `watch` sleeps without looking at the clock, in seconds: poll(2)'s timeout does not
  /// count time the machine was suspended, nor see the clock being set, so a status due meanwhile
  /// is at most this late.
  static let longestSleep: Double = 60

  /// poll(2)'s timeout in milliseconds, at `now` (seconds since 1970): `due` is when the status is
  /// due (seconds since 1970), `until` how soon the caller has something to do (seconds from now).
  /// Rounded up and a little after, so that the moment has come when poll returns.
  package static func timeout(now: Double, ticking: Bool, due: Double?, until: Double?) -> Int32 {
    var wake = now + longestSleep
    if ticking { wake = (now + 1).rounded(.down) }
    if let due { wake = min(wake, due) }
    if let until { wake = min(wake, now + until) }
    return Int32(((max(0, wake - now)) * 1000).rounded(.up)) + 5
  }
}

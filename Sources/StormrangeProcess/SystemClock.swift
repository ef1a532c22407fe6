import FoundationEssentials
import StormrangeShell

#if canImport(Glibc)
  import Glibc
#endif

/// The real clocks: `CLOCK_REALTIME` for dates and `CLOCK_MONOTONIC` for delays.
package final class SystemClock: SessionClock {
  package init() {}

  package func now() -> Moment {
    var monotonic = timespec()
    var wall = timespec()
    clock_gettime(CLOCK_MONOTONIC, &monotonic)
    clock_gettime(CLOCK_REALTIME, &wall)
    return Moment(
      wall: Date(timeIntervalSince1970: Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9),
      monotonic: Double(monotonic.tv_sec) + Double(monotonic.tv_nsec) / 1e9)
  }
}

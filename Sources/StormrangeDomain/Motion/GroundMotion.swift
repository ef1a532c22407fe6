/// How a storm moves over the ground, from the best estimate there is: the track from bearings when
/// it shows where the storm passes, else the closest-approach curve from ranges alone, else a track
/// whose speed is known but not significant enough for a heading.
public struct GroundMotion: Equatable, Sendable {
  /// Metres per second over the ground, and one standard error.
  public let speed: Double
  public let speedError: Double
  /// Degrees clockwise from north the storm moves toward; nil from ranges alone.
  public let heading: Double?
  public let headingError: Double?
  /// Where it comes nearest; nil when not known.
  public let closestApproach: ClosestApproach?

  /// The motion `motion` gives, or nil when neither estimate is determined.
  public init?(_ motion: StormMotion) {
    let track = motion.track.motion
    if let track, track.closestApproach != nil {
      self.init(track)
    } else if let range = motion.rangeMotion {
      self.init(
        speed: range.speed, speedError: range.speedError, heading: nil, headingError: nil,
        closestApproach: range.closestApproach)
    } else if let track {
      self.init(track)
    } else {
      return nil
    }
  }

  /// This motion without its closest approach: for a storm that is over, whose closest approach is
  /// still ahead (no forecast is made for it).
  public var withoutClosestApproach: GroundMotion {
    GroundMotion(
      speed: speed, speedError: speedError, heading: heading, headingError: headingError, closestApproach: nil
    )
  }

  private init(_ track: TrackMotion) {
    self.init(
      speed: track.speed, speedError: track.speedError, heading: track.heading,
      headingError: track.headingError,
      closestApproach: track.closestApproach)
  }

  private init(
    speed: Double, speedError: Double, heading: Double?, headingError: Double?,
    closestApproach: ClosestApproach?
  ) {
    self.speed = speed
    self.speedError = speedError
    self.heading = heading
    self.headingError = headingError
    self.closestApproach = closestApproach
  }
}

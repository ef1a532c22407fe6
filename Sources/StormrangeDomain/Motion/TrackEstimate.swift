/// A storm's track from bearings, or why there is none.
public enum TrackEstimate: Sendable {
  case known(TrackMotion)
  case unknown(MotionUnknownReason)

  /// The track, if known.
  public var motion: TrackMotion? {
    if case .known(let motion) = self { return motion }
    return nil
  }
}

/// What the nowcast assumes about storms and about the measurements of them. docs/science.md gives
/// the source of each figure; none was tuned to the simulator that tests the nowcast.
///
/// Units: metres, seconds, degrees.
enum NowcastModel {
  // MARK: How storms move

  /// Velocity random walk of a storm in steady motion, m²/s³ per axis: its velocity drifts by
  /// `√(q·t)` in time `t`. SOURCE-STEADY
  static let steadyVelocityNoise = 0.001
  /// The same for a storm that is changing speed or direction. SOURCE-MANOEUVRE
  static let manoeuvringVelocityNoise = 0.02
  /// How the centre of a storm wanders as its cells die and new ones grow, m²/s per axis, in every
  /// mode. SOURCE-WANDER
  static let centreWander = 500.0

  /// The rates, per second, at which a storm switches modes (the inverse of how long a mode
  /// typically lasts). SOURCE-MODES
  static let startRate = 1.0 / 3600
  static let stopRate = 1.0 / 5400
  static let manoeuvreRate = 1.0 / 2700
  static let settleRate = 1.0 / 720

  /// Before any measurement: how likely each mode is, and how fast a moving storm goes (lognormal,
  /// median and the standard deviation of its logarithm). SOURCE-SPEEDS
  static let modePrior: [(MotionMode, Double)] = [(.atRest, 0.15), (.steady, 0.6), (.manoeuvring, 0.25)]
  static let medianSpeed = 30 / 3.6
  static let speedLogSpread = 0.55

  /// The spread of strikes around the storm's centre, one standard deviation, the range of the
  /// prior (log-uniform): one small cell to several cells. SOURCE-SCATTER
  static let scatterRange: ClosedRange<Double> = 700...4_500

  // MARK: How measurements relate to the storm

  /// Thunder comes first from the nearest part of the channel, so a timed range is short of the
  /// distance to where the flash is centred, by about this much on average, with this spread.
  /// SOURCE-CHANNEL
  static let nearestChannelBias = 1_000.0
  static let nearestChannelSpread = 1_200.0

  /// A person's net lateness in tapping, seconds: it does not cancel between the two taps.
  static let tapBias = 0.1

  /// How well a bearing is judged by eye, degrees, one standard deviation. SOURCE-BEARING
  static let bearingError = 12.0
  /// The steps bearings are rounded to: a multiple of 22.5° may be a compass point, of 5° a
  /// rounded number; the rounding error, uniform over a step, has a standard deviation of
  /// step/√12.
  static let compassStep = 22.5
  static let roundStep = 5.0

  /// The AS3935's own scatter: its estimate is the range times a lognormal factor whose logarithm
  /// has this standard deviation. SOURCE-AS3935
  static let as3935LogSpread = 0.35
  /// How far the AS3935 hears lightning at all: half its flashes at 50 km, a few past 60 km (the
  /// standard deviation of the logarithm). Its datasheet gives a range of 40 km, which its
  /// scattered estimate reaches from somewhat farther.
  static let as3935Reach = 50_000.0
  static let as3935ReachSpread = 0.15

  /// Student's t degrees of freedom for ranges and bearings: heavier tails than a normal
  /// distribution, so that one stray strike from another cell moves the estimate little.
  static let tailDegrees = 4.0

  // MARK: The filter

  /// The jitter after resampling, as a fraction of the cloud's own spread (a regularised particle
  /// filter's bandwidth; about what the usual rule, (4 / (N·(d + 2)))^(1/(d + 4)) for N = 2000
  /// and d = 4, gives, halved because the motion model spreads moving particles too).
  static let regularisation = 0.2
  /// How many hypotheses the filter carries.
  static let particleCount = 2_000
  /// The filter reads the storm's measurements of the last 90 minutes before its latest, at most
  /// 400 of them, evenly spread: by the process noise above, what the storm did before that says
  /// little about how it moves now, and it bounds the work on a storm of any length.
  static let memory = 5_400.0
  static let maximumObservations = 400
  /// The longest step of the motion model, seconds.
  static let maximumStep = 60.0
  /// How far ahead an arrival within 10 km is forecast (``MotionModel/arrivalHorizon``).
  static let horizon = MotionModel.arrivalHorizon
  /// The least chance of coming within 10 km within the horizon for which an arrival is forecast:
  /// one in five. A safety tool warns of a storm that may well come close, not only of one that
  /// surely will.
  static let arrivalChance = 0.2
  /// The step of the forecast of an arrival, seconds.
  static let forecastStep = 60.0
}

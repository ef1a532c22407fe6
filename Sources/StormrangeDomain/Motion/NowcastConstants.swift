/// Every figure the nowcast filter (``NowcastFilter``) works with: what it assumes about storms
/// and about the measurements of them, and its own settings. docs/science.md gives the source of
/// each figure of storms and measurements; none was tuned to the simulator that tests the nowcast.
/// What is reported of its result is decided by ``MotionThresholds``. Figures the rest of the
/// application shares are defined where they belong and used from there: an AS3935's steps
/// (``AS3935``) and other detectors' ±10 % (``DistanceUncertainty/detectorFraction``).
///
/// Units: metres, seconds, degrees.
package enum NowcastConstants {
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

  // MARK: How measurements relate to the storm: timed thunder (`EarsRange`)

  /// Thunder comes first from the nearest part of the channel, so a timed range is short of the
  /// distance to where the flash is centred, by about this much on average, with this spread.
  /// SOURCE-CHANNEL
  package static let nearestChannelBias = 1_000.0
  package static let nearestChannelSpread = 1_200.0

  /// A person's net lateness in tapping, seconds: it does not cancel between the two taps.
  static let tapBias = 0.1
  /// The air temperature, °C, at which ``tapBias`` is turned into metres: a typical thunderstorm
  /// afternoon's; over the plausible temperatures the lateness in metres changes by a few metres.
  static let tapBiasCelsius = 20.0

  // MARK: An AS3935's step (`AS3935Range`)

  /// The AS3935's own scatter: its estimate is the range times a lognormal factor whose logarithm
  /// has this standard deviation. SOURCE-AS3935
  static let as3935LogSpread = 0.35
  /// How far the AS3935 hears lightning at all: half its flashes at 50 km, a few past 60 km (the
  /// standard deviation of the logarithm). Its datasheet gives a range of 40 km, which its
  /// scattered estimate reaches from somewhat farther.
  static let as3935Reach = 50_000.0
  static let as3935ReachSpread = 0.15
  /// The likelihood added to every AS3935 reading, whatever the storm: a reading from somewhere
  /// else entirely (another storm) is possible, so no one reading can rule out a hypothesis.
  static let as3935StrayReading = 1e-3

  // MARK: Bearings (`BearingLikelihood`)

  /// How well a bearing is judged by eye, degrees, one standard deviation. SOURCE-BEARING
  static let bearingError = 12.0
  /// The steps bearings are rounded to: a multiple of 22.5° may be a compass point, of 5° a
  /// rounded number; the rounding error, uniform over a step, has a standard deviation of
  /// step/√12.
  static let compassStep = 22.5
  static let roundStep = 5.0
  /// Degrees: how near a multiple of a step a bearing must be to count as rounded to it (a compass
  /// point's value in degrees is exact to this).
  static let roundedTolerance = 1e-6

  // MARK: Every measurement

  /// Student's t degrees of freedom for ranges and bearings: heavier tails than a normal
  /// distribution, so that one stray strike from another cell moves the estimate little.
  static let tailDegrees = 4.0

  // MARK: The first observation
  //
  // The hypotheses are first spread over every centre the first observation allows, generously,
  // since the weights do the rest: none of these figures is a property of storms.

  /// The nearest a first hypothesis is put, metres.
  static let nearestSeed = 100.0
  /// A timed range: this many standard deviations of its error, the channel's spread and the
  /// widest scatter either side.
  static let earsSeedDeviations = 3.0
  /// An AS3935's step: out to this many times the top of its interval, more for the last step,
  /// which means "or more".
  static let as3935SeedReach = 2.0
  static let as3935LastStepSeedReach = 2.5
  /// Another detector's reading: from this fraction of it to this multiple of it.
  static let detectorSeedSpan = (nearest: 0.5, farthest: 1.6)
  /// How many times the widest scatter (``scatterRange``) the span of an AS3935's or another
  /// detector's reading reaches beyond it.
  static let seedScatterMargin = 2.0
  /// With a bearing, directions are drawn around it this many times wider than the bearing's own
  /// error, and weighted back to a uniform prior over directions.
  static let seedBearingWidening = 2.0

  // MARK: The filter

  /// The jitter after resampling, as a fraction of the cloud's own spread (a regularised particle
  /// filter's bandwidth; about what the usual rule, (4 / (N·(d + 2)))^(1/(d + 4)) for N = 2000
  /// and d = 4, gives, halved because the motion model spreads moving particles too).
  static let regularisation = 0.2
  /// The filter resamples when its effective number of hypotheses (1 / Σ weight²) falls below this
  /// share of them: the usual rule of thumb.
  static let resampleShare = 0.5
  /// The nearest a hypothesis is jittered to the observer, metres, so that none lands on the
  /// observer, where its direction is undefined.
  static let nearestJitteredRange = 10.0
  /// How many hypotheses the filter carries.
  static let particleCount = 2_000
  /// The seed of the filter's random numbers ("STORMRAN"): any fixed value makes the nowcast of the
  /// same measurements the same on every run.
  static let randomSeed: UInt64 = 0x5354_4F52_4D52_414E
  /// The filter reads the storm's measurements of the last 90 minutes before its latest, at most
  /// 400 of them, evenly spread: by the process noise above, what the storm did before that says
  /// little about how it moves now, and it bounds the work on a storm of any length.
  static let memory = 5_400.0
  static let maximumObservations = 400
  /// The longest step of the motion model, seconds.
  static let maximumStep = 60.0
  /// The step of the forecast of an arrival, seconds (``ArrivalForecast``): over
  /// ``MotionThresholds/arrivalHorizon``, at most 180 steps.
  static let forecastStep = 60.0
}

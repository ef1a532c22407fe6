/// What a measurement must be before it is recorded or loaded, and when to warn: the one place that
/// states the rules, with one rule set for each way a measurement arrives (``typed``,
/// ``stopwatch``, ``imported``, ``stored``), so that where they differ is visible here.
///
/// Every rule set holds a delay to more than 0 and at most ``maximumDelay`` (finite), a temperature
/// to ``SpeedOfSound/plausibleCelsius`` (a typed delay takes `set temperature`, which holds it
/// there), a speed of sound to ``SpeedOfSound/plausibleMetresPerSecond``, a distance to more than 0
/// and at most ``maximumDistance`` (an AS3935's to one of its steps), a bearing to 0–360 degrees
/// (typed, also a compass point), a detector's name to ``DetectorSource``'s rule, a detector's
/// reading to no delay, temperature or speed of sound, and a date to the years 0001–9999. They
/// differ in these, and only these:
///
/// - **Delay floor.** A delay typed with `add` or timed with the stopwatch is at least
///   ``minimumThunderDelay`` (less is not a thunder delay); import and loading take any positive
///   delay, so that every export imports back.
/// - **Date ahead of the clock.** `add … at TIME` and an imported row may lie at most
///   ``typedDateLead`` (a minute) ahead; a stored entry ``storedDateLead`` (a day), since the clocks
///   of machines that share a history disagree. The stopwatch's date is the clock's own, unchecked.
///   `add` also refuses a measurement whose thunder (flash + delay) would be heard more than that
///   minute after the clock (``checkThunder(flash:delay:now:)``): the status leaves such an entry
///   out until its time comes, so `add` does not take one.
/// - **Notes.** A typed note is one printable line of at most ``maximumNoteLength`` characters; an
///   imported or stored one may be any text the history file can hold, of any length
///   (``Notes``), so that an export keeps a note's line breaks and imports back.
/// - **Distance against delay × speed of sound.** An imported row's distance must agree with them
///   to 1 m or 0.5 % (``distanceTolerance``: a spreadsheet may round); a stored one is not compared
///   (other tools store a fixed 343 m/s); a typed or timed one is computed from them.
/// - **A source named `.` or `..`.** A stored entry may have one (written before the rule, or by
///   another tool); no new measurement takes one (``DetectorSource/folderNames``), nor an imported row,
///   nor an entry of a property list given to `import` (the import checks that itself).
/// - **What may be missing.** An imported row may leave out the temperature (the current `set
///   temperature`), the speed of sound and the distance (computed), which the import fills in
///   before these rules apply (the Kit's `ImportedRow`); a stored entry must hold them.
///
/// The delay warning (``warningDelay``) is for what is added, typed, timed or imported; loading
/// does not warn. Which of several problems is reported follows the order of
/// ``MeasurementFields/measurement(under:now:)`` and ``check(_:now:)`` for what a file gives;
/// typed input is checked as it is read, value by value, and named as typed.
package struct MeasurementRules: Sendable {
  /// How far thunder carries: it is rarely heard beyond about 25 km. The WMO's International Cloud
  /// Atlas ("Thunder") says it is usually not heard beyond 20 km; the US National Weather Service
  /// puts the usual limit at about 15 miles (24 km), with rare reports near 30 miles (48 km). The one
  /// statement of the fact: the delay warning and the limits below are built from it.
  static let thunderRarelyHeardBeyond: Double = 25_000
  /// The longest delay any rule set takes, about 100 km of thunder. It is not where thunder stops:
  /// it is twice the farthest thunder ever reported (~50 km), so that no real delay, however rare,
  /// is refused, while a number that cannot be a delay (minutes typed as seconds, a slip of the
  /// keyboard: 600, 6000) is.
  package static let maximumDelay: Double = 300
  /// The shortest delay `add` takes as typed, and the stopwatch as timed. Less is not a thunder
  /// delay (a tenth of a second is 34 m), and shows as `0.00 s, 0.00 km`.
  package static let minimumThunderDelay: Double = 0.1
  /// The delay of thunder from ``thunderRarelyHeardBeyond`` in cool air (0 °C), in whole seconds:
  /// 75 s. A longer delay is accepted, with a warning that it is unusual (in warm air 25 km is 73 s,
  /// so the warning never comes before 25 km).
  package static let warningDelay: Double =
    (thunderRarelyHeardBeyond / SpeedOfSound.metresPerSecond(celsius: 0)).rounded()
  /// What a delay over ``warningDelay`` is told: `thunder is rarely heard beyond about 25 km (75 s)`.
  package static var thunderRangeText: String {
    "thunder is rarely heard beyond about \(Int(thunderRarelyHeardBeyond / 1000)) km (\(Int(warningDelay)) s)"
  }
  /// Notes are short remarks; a longer line is almost certainly pasted by mistake.
  static let maximumNoteLength = 1000
  /// The farthest distance a measurement can give: the longest delay at the fastest plausible speed
  /// of sound (about 112 km).
  package static let maximumDistance = maximumDelay * SpeedOfSound.plausibleMetresPerSecond.upperBound
  /// The farthest reading a detector's range typed with `add` (or read by `ingest km`) may give:
  /// 111,954 m, the largest whole metre under ``maximumDistance`` that every unit shows rounded down
  /// (111.95 km, 69.56 mi, 60.45 nmi, 367303 ft), so that a distance as `show` prints it, in any unit,
  /// can be typed back in. The limit is stated in the unit typed, as the application shows it, and
  /// compared there.
  package static let maximumTypedDistance: Double = 111_954
  /// How far ahead of the clock a time typed with `add … at` or an imported date may lie: clocks
  /// are a little off, but a flash in the future is a mistake.
  package static let typedDateLead: Double = 60
  /// How far ahead of the clock a stored date may lie: clocks of the machines that share a history
  /// disagree, but not by more than this; a later date is a mistake (9999-12-31).
  static let storedDateLead: Double = 86400

  /// The shortest delay accepted; nil: any delay more than 0.
  let minimumDelay: Double?
  /// How far ahead of the clock a date may lie, in seconds; nil: not checked (the clock's own).
  let dateLead: Double?
  /// Which characters a note may hold, and how many.
  package let notes: Notes
  /// How far a given distance may stray from delay × speed of sound, as (metres, fraction): the
  /// larger of the two counts. Nil: not compared.
  let distanceTolerance: (metres: Double, fraction: Double)?
  /// Whether a source may be `.` or `..` (``DetectorSource/folderNames``): only a stored one.
  let acceptsFolderNamedSources: Bool

  /// A measurement typed with `add`.
  package static let typed = MeasurementRules(
    minimumDelay: minimumThunderDelay, dateLead: typedDateLead, notes: .printableLine,
    distanceTolerance: nil, acceptsFolderNamedSources: false)
  /// A delay timed with `flash` and `thunder` (or the Enter key): dated by the clock.
  package static let stopwatch = MeasurementRules(
    minimumDelay: minimumThunderDelay, dateLead: nil, notes: .printableLine, distanceTolerance: nil,
    acceptsFolderNamedSources: false)
  /// A row of a CSV or JSON file given to `import`.
  package static let imported = MeasurementRules(
    minimumDelay: nil, dateLead: typedDateLead, notes: .storable, distanceTolerance: (1, 0.005),
    acceptsFolderNamedSources: false)
  /// An entry of the history file, or of a property list given to `import`.
  package static let stored = MeasurementRules(
    minimumDelay: nil, dateLead: storedDateLead, notes: .storable, distanceTolerance: nil,
    acceptsFolderNamedSources: true)

  private init(
    minimumDelay: Double?, dateLead: Double?, notes: Notes,
    distanceTolerance: (metres: Double, fraction: Double)?, acceptsFolderNamedSources: Bool
  ) {
    self.acceptsFolderNamedSources = acceptsFolderNamedSources
    self.minimumDelay = minimumDelay
    self.dateLead = dateLead
    self.notes = notes
    self.distanceTolerance = distanceTolerance
  }
}

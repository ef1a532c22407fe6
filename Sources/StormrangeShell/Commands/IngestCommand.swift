import StormrangeBase
import StormrangeDetectors
import StormrangeDomain
import StormrangeLocated

#if canImport(Glibc)
  import Glibc
#endif

/// `ingest FORMAT [--source NAME] [--sensor NAME]… [--detector KIND]`: records a detector's
/// readings, or a network's located strikes in groups, from their messages on standard input
/// (``DetectorIngest``, ``LocatedRecorder``, ``IngestStream``). One
/// command from the arguments only: in a batch or at the prompt, standard input is the commands.
/// The command checks its arguments and hands the stream to its runner, which the executable gives
/// it, since only it knows standard input and the signals.
struct IngestCommand: Command {
  /// Nil where no stream can be read.
  let runner: ShellCommands.IngestRunner?

  let name = "ingest"
  let summary = "record a lightning detector's or network's messages from standard input"
  let usage =
    "ingest rtl433|tasmota|km|blitzortung|located [--source NAME] [--sensor NAME]... [--detector KIND]"
  var details: String {
    """
    Reads one message a line until the end of the input, or SIGINT, SIGTERM or
    SIGHUP (exit 0 either way, after saving), and records a reading for each
    strike; lines that have arrived together are saved with one write.
    rtl433   rtl_433 -F json lines: the Ecowitt WH57 / Ambient WH31L (decoder 190,
             FineOffset-WH31L); a reading when a sensor's strike count goes up,
             named MODEL-ID, e.g. FineOffset-WH31L-67016. Use
             rtl_433 -R 190 -F json -M time:iso:tz:utc | stormrange ingest rtl433
    tasmota  Tasmota's AS3935 messages (tele/TOPIC/SENSOR): event 1 (lightning)
             and 4 (overhead) are readings; noise and disturbers are counted
    km       a distance in km a line, dated when it arrives
    blitzortung  Blitzortung's strikes, as its MQTT feed sends them:
             {"time": NANOSECONDS, "lat": DEGREES, "lon": DEGREES, ...}
    located  any network's strikes: {"time": ISO 8601 TIME or EPOCH SECONDS,
             "lat": DEGREES, "lon": DEGREES}
             Strikes are measured from 'set location' (required) and recorded
             within 'set radius' (default 100 km; both read when ingest
             starts), in groups: the strikes within 3 km of each other in a
             minute make one entry, added when its first strike comes and
             updated in place by the others; at most 30 groups in a minute of
             the clock, but never one within 16 km left out. A strike dated
             over a minute ahead or 10 minutes before it arrives is refused.
             Each fault is warned of once, then counted in the summary.
    --source NAME    the source of tasmota, km, blitzortung and located
                     readings (default: the format's name; km: detector)
    --sensor NAME    rtl433: record only this sensor (repeatable); without it
                     every sensor is recorded and each new one announced
    --detector KIND  km: as3935 or generic (default: generic, as3935 for the
                     source as3935)
    Each reading is confirmed on standard output as add confirms one; warnings
    (stormrange: line N: ...) and, at the end and every 10 minutes, a summary
    of each sensor go to standard error. A message's time is its date: with Z
    or an offset as given, without one in local time; one before 2010 is a
    clock not set, and the reading is dated when it arrives. A sensor whose
    messages are dated over 10 minutes before they arrive is told of once.
    """
  }
  let historyAccess = HistoryAccess.changes

  static let flagsWithValues = ["--source", "--sensor", "--detector"]

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    if index == 0 { return IngestFormat.allCases.map(\.name) }
    switch previous.last {
    case "--detector": return DetectorKind.typed.map(\.rawValue)
    case "--source", "--sensor": return []
    default: return Self.flagsWithValues
    }
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let plan = try self.plan(arguments)
    guard session.mode == .oneShot, let run = runner else {
      throw .invalidArgument(
        "ingest reads its messages on standard input, so it runs only as one command from the arguments: "
          + "rtl_433 -F json | stormrange ingest rtl433")
    }
    let reader: IngestStream.Reader
    switch plan {
    case .detector(var options):
      options.zone = session.localTime
      reader = .detector(DetectorIngest(options))
    case .located(let format, let source):
      reader = .located(try LocatedRecorder.start(format, source: source, in: session))
    }
    let result = run(IngestStream(session: session, reader: reader))
    if let failure = result.saveFailure { throw failure }
    if let failure = result.readFailure {
      let reason = String(cString: strerror(failure.code))
      throw .invalidArgument(
        "cannot read standard input"
          + (failure.lines > 0 ? " after line \(failure.lines)" : "") + ": \(reason); "
          + "give ingest its messages on a pipe or from a file (rtl_433 -F json | stormrange ingest rtl433)")
    }
    return .proceed
  }

  /// What the arguments ask for: a detector's messages, or a network's located strikes.
  enum Plan {
    case detector(DetectorIngest.Options)
    /// The source is nil for the format's own name.
    case located(LocatedFormat, source: DetectorSource?)
  }

  /// The format and the flags, each checked.
  func plan(_ arguments: CommandArguments) throws(StormrangeError) -> Plan {
    guard !arguments.isEmpty else { throw usageError("missing FORMAT (\(IngestFormat.choices))") }
    guard let chosen = IngestFormat(word: arguments[0]) else {
      throw usageError("'\(arguments[0].escapedForDisplay)' is not a format; use \(IngestFormat.choices)")
    }
    var source: String?
    var kind: String?
    var sensors: Set<String> = []
    var next = 1
    while next < arguments.count {
      let flag = arguments[next]
      guard Self.flagsWithValues.contains(flag) else {
        throw usageError("unexpected argument '\(flag.escapedForDisplay)'")
      }
      guard next + 1 < arguments.count else { throw usageError("'\(flag)' needs a value") }
      let value = arguments[next + 1]
      switch flag {
      case "--source":
        guard source == nil else { throw usageError("'--source' is given twice") }
        source = value
      case "--detector":
        guard kind == nil else { throw usageError("'--detector' is given twice") }
        kind = value
      default:
        _ = try StormrangeError.wrapping { () throws(MeasurementError) in try MeasurementRules.source(value) }
        sensors.insert(value)
      }
      next += 2
    }
    let format: DetectorFormat
    switch chosen {
    case .detector(let detector): format = detector
    case .located(let located):
      if !sensors.isEmpty || kind != nil {
        throw .invalidArgument(
          "--\(sensors.isEmpty ? "detector" : "sensor") is for detectors; \(located.rawValue) reads a network's "
            + "located strikes, named by --source")
      }
      if let source, DetectorKind.implied(bySource: source) == .as3935 {
        throw .invalidArgument(
          "--source \(source) names an AS3935 chip, not a network; name the network otherwise, "
            + "e.g. --source \(located.rawValue)-eu")
      }
      let named = try StormrangeError.wrapping { () throws(MeasurementError) -> DetectorSource? in
        guard let source else { return nil }
        return try MeasurementRules.detector(source, kind: .located)
      }
      return .located(located, source: named)
    }
    if format == .rtl433, source != nil {
      throw .invalidArgument(
        "--source is for tasmota and km; rtl433 names each sensor MODEL-ID, e.g. FineOffset-WH31L-67016")
    }
    if format != .rtl433, !sensors.isEmpty {
      throw .invalidArgument(
        "--sensor chooses among rtl_433's sensors; tasmota and km read one source, named by --source")
    }
    if format != .km, kind != nil {
      throw .invalidArgument("--detector is for km; the sensors rtl433 and tasmota read are AS3935s")
    }
    let detector = try StormrangeError.wrapping { () throws(MeasurementError) -> DetectorSource? in
      guard let standard = format.defaultSource else { return nil }
      let name = source ?? standard.name
      return format == .tasmota
        ? try MeasurementRules.detector(name, kind: DetectorKind.as3935)
        : try MeasurementRules.detector(name, typedKind: kind)
    }
    return .detector(DetectorIngest.Options(format: format, source: detector, sensors: sensors))
  }
}

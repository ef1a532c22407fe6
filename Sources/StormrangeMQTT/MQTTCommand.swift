import StormrangeLocated
import StormrangeShell

/// `mqtt --broker URL …`: a long-running service that publishes the status to an MQTT broker (and
/// to Home Assistant), and records detector readings from subscribed topics. The command reads and
/// checks its options and hands over to its runner, which the executable gives it, since only it
/// has the network library and the signals. One-shot only: a service runs on its own.
struct MQTTCommand: Command {
  /// Nil where nothing can run it.
  let runner: MQTTCommands.Runner?

  let name = "mqtt"
  let summary = "publish the status to an MQTT broker and Home Assistant, as a service"
  let usage =
    "mqtt --broker mqtt[s]://HOST[:PORT] [--topic-prefix PREFIX] [--homeassistant] "
    + "[--homeassistant-prefix PREFIX] [--homeassistant-remove] [--subscribe TOPIC=FORMAT]... [--username NAME] "
    + "[--password-file PATH] [--cafile PATH]"
  var details: String {
    """
    Runs until SIGTERM, SIGINT or SIGHUP (then exit 0), for one command from
    the arguments only (stormrange mqtt --broker mqtt://localhost).
    PREFIX/status        the status JSON, as 'status --json', retained: on
                         every change to the history, whenever the advice
                         changes with time, and once a minute during a storm
    PREFIX/availability  online, or offline (also the connection's will)
    PREFIX/sensors/SOURCE  each subscribed detector's summary (JSON)
    --topic-prefix PREFIX  instead of stormrange
    --homeassistant        Home Assistant discovery configs under
                           homeassistant/ (--homeassistant-prefix: elsewhere)
    --homeassistant-remove  clear the device's configs, status and
                           availability at the broker, and exit
    --subscribe TOPIC=FORMAT  read detector messages (wildcards + and #) as
                           'ingest FORMAT' does: rtl433, tasmota, km,
                           blitzortung (blitzortung/1.1/u/2/#=blitzortung)
                           or located
    --username NAME        the password from STORMRANGE_MQTT_PASSWORD or the
                           first line of --password-file PATH; never on the
                           command line
    --cafile PATH          for mqtts://: the CA certificates (PEM) to trust
                           instead of the system's
    A broker that cannot be reached is tried again, waiting 1 s, then twice
    as long each time up to 30 s; a refused login or bad TLS settings exit 1.
    """
  }
  let historyAccess = HistoryAccess.watches

  /// Its paths, `--password-file` and `--cafile`, may hold any bytes; ``MQTTOptions`` refuses
  /// other values that are not UTF-8.
  func takesBytes(in arguments: CommandArguments) -> Bool { true }

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    MQTTOptions.flags.filter { $0 == "--subscribe" || !previous.contains($0) }
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    if session.mode != .oneShot {
      throw .invalidArgument(
        "mqtt is a service that runs until it is stopped: start it as one command from the arguments "
          + "(stormrange mqtt --broker mqtt://localhost), not in a batch or at the prompt")
    }
    // Each of the shell's arguments is one value: a path or a name with a space stays whole, and
    // a value is never read as a flag (`--username 'bob --homeassistant'`).
    let options = try MQTTOptions(
      arguments: arguments.shellArgumentBytes ?? arguments.all.map { Array($0.utf8) }, usage: usageError)
    // Located strikes are measured from the observer's location: without one, nothing starts.
    for case .located(let format) in Set(options.subscriptions.map(\.format)) {
      _ = try LocatedRecorder.start(format, source: nil, in: session)
    }
    guard let mqtt = runner else {
      throw .invalidArgument("mqtt needs a running stormrange program to reach the broker")
    }
    try mqtt(options, LiveStatus(session: session))
    return .proceed
  }
}

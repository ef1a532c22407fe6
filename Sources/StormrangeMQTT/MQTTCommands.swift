import StormrangeShell

/// This target's command, `mqtt`, for the executable to list beside the shell's
/// (``StormrangeShell/ShellCommands``), given what only the executable has: the network library and
/// the signals.
package enum MQTTCommands {
  /// Runs `mqtt` (see ``MQTTService``) until a signal ends it, or fails with why it cannot go on (a
  /// refused login, bad TLS settings).
  package typealias Runner = (_ options: MQTTOptions, _ status: LiveStatus) throws(StormrangeError) -> Void

  /// `mqtt`, which cannot run without a runner (nil: nothing can run it).
  package static func mqtt(runner: Runner?) -> any Command { MQTTCommand(runner: runner) }
}

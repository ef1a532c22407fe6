import StormrangeMQTT
import StormrangeShell

extension CommandRegistry {
  /// stormrange's commands, in the order `help` lists them, as argument-parser lists `subcommands:`.
  /// `watch`, `ingest` and `mqtt` are given the runners that own what they need of the process (the
  /// terminal, standard input, the network, the signals); without runners, for what reads only the
  /// commands' names and help (completion, the man page).
  static func standard(
    watch: ShellCommands.WatchRunner? = nil, ingest: ShellCommands.IngestRunner? = nil,
    mqtt: MQTTCommands.Runner? = nil
  ) -> CommandRegistry {
    .listing([
      ShellCommands.flash, ShellCommands.thunder, ShellCommands.add, ShellCommands.show, ShellCommands.status,
      ShellCommands.watch(runner: watch), ShellCommands.ingest(runner: ingest), MQTTCommands.mqtt(runner: mqtt),
      ShellCommands.plot, ShellCommands.stats, ShellCommands.delete, ShellCommands.clear, ShellCommands.undo,
      ShellCommands.export, ShellCommands.import, ShellCommands.set,
    ])
  }
}

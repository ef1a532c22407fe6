/// The shell's commands, for the executable to list (``CommandRegistry/listing(_:)``), as
/// argument-parser lists `subcommands:`. Each command's type stays inside the shell; `watch` and
/// `ingest` are given what only the executable has: the terminal, standard input, the signals.
package enum ShellCommands {
  /// Runs `watch` (see ``LiveStatus``) with `json` lines or a dashboard until it is left.
  package typealias WatchRunner = (_ status: LiveStatus, _ json: Bool) -> Void
  /// Runs `ingest`'s stream on standard input until it ends or a signal ends it.
  package typealias IngestRunner = (IngestStream) -> IngestStream.Result

  package static var flash: any Command { FlashCommand() }
  package static var thunder: any Command { ThunderCommand() }
  package static var add: any Command { AddCommand() }
  package static var show: any Command { ShowCommand() }
  package static var status: any Command { StatusCommand() }
  /// `watch`, which cannot run without a runner (nil: nothing can watch).
  package static func watch(runner: WatchRunner?) -> any Command { WatchCommand(runner: runner) }
  /// `ingest`, which cannot run without a runner (nil: no stream can be read).
  package static func ingest(runner: IngestRunner?) -> any Command { IngestCommand(runner: runner) }
  package static var plot: any Command { PlotCommand() }
  package static var stats: any Command { StatsCommand() }
  package static var delete: any Command { DeleteCommand() }
  package static var clear: any Command { ClearCommand() }
  package static var undo: any Command { UndoCommand() }
  package static var export: any Command { ExportCommand() }
  package static var `import`: any Command { ImportCommand() }
  package static var set: any Command { SetCommand() }
}

import StormrangeShell

/// The shell's commands for a ``TestSession``, in the order `help` lists them, with what the
/// executable would give them: the runners of `watch` and `ingest` (nil: none, as where nothing can
/// run them), and the commands of the targets above the shell (`mqtt`), which a test adds.
package final class TestCommands {
  package var watch: ShellCommands.WatchRunner?
  package var ingest: ShellCommands.IngestRunner?
  package var others: [any Command] = []

  package init() {}

  package var registry: CommandRegistry {
    .listing(
      [
        ShellCommands.flash, ShellCommands.thunder, ShellCommands.add, ShellCommands.show, ShellCommands.status,
        ShellCommands.watch(runner: watch), ShellCommands.ingest(runner: ingest), ShellCommands.plot,
        ShellCommands.stats, ShellCommands.delete, ShellCommands.clear, ShellCommands.undo, ShellCommands.export,
        ShellCommands.import, ShellCommands.set,
      ] + others)
  }
}

extension CommandRegistry {
  /// The shell's commands, without runners.
  package static var shell: CommandRegistry { TestCommands().registry }
}

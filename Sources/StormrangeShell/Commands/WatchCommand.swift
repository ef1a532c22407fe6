/// `watch [--json]`: the status, kept up to date: a dashboard redrawn in place at a terminal, else
/// one `status --json` object per line whenever it changes. The command checks its arguments and
/// hands over to its runner, which the executable gives it, since only it knows the terminal, the
/// keyboard and the signals.
struct WatchCommand: Command {
  /// Nil where nothing can watch.
  let runner: ShellCommands.WatchRunner?

  let name = "watch"
  let summary = "a live status: redrawn as it changes, or one JSON line per change"
  let usage = "watch [--json]"
  var details: String {
    """
    At a terminal, a dashboard: the status (latest, trend, motion, closest,
    advice), the all-clear countdown ticking every second, and a chart of
    the current storm when the terminal is large enough. It redraws at once
    when another process changes the history, follows the terminal's size,
    and leaves on q or Ctrl-C. At the prompt it then returns to the prompt.
    --json     (or whenever standard output or input is not a terminal) one
               object per line, the same as 'status --json': at start, after
               every change to the history, and when the advice changes with
               time (the all-clear); each line is flushed. It runs until
               SIGINT, SIGTERM or SIGHUP.
    Changes are noticed with inotify on the history's folder; with
    STORMRANGE_WATCH_POLL=1 in the environment, or where inotify cannot be
    used, by looking at the file once a second.
    """
  }
  let historyAccess = HistoryAccess.watches

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? ["--json"] : []
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let json = try flags(arguments, allowed: ["--json"]).contains("--json")
    guard let watch = runner else {
      throw .invalidArgument("watch needs a running stormrange program to keep the status up to date")
    }
    watch(LiveStatus(session: session), json)
    return .proceed
  }
}

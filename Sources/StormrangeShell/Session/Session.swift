import StormrangeBase
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

/// The state a command works with: the history, the settings, the stopwatch, this session's undo
/// steps, and where its text goes. Everything outside the process is injected.
package final class Session {
  /// Changed only through the session (``changeHistory(_:)`` and its kin), which keeps the undo
  /// steps and the shown numbers in step with it; other targets read it through ``recorded``.
  let history: SavedHistory
  /// What the history holds, as last read or saved: read-only outside this target.
  package var recorded: [HistoryEntry] { history.entries }
  /// The history's file, for a watcher of its changes.
  package var historyPath: SystemPath { history.path }
  /// Set by a session that runs on while the history may be moved aside for a moment (`mqtt`); see
  /// ``SavedHistory/keepsItsFile``.
  package var keepsHistoryFile: Bool {
    get { history.keepsItsFile }
    set { history.keepsItsFile = newValue }
  }
  package let settings: SettingsStore
  package let mode: SessionMode
  package let clock: SessionClock
  /// Results, on standard output.
  package let output: TextSink
  /// Errors and warnings, on standard error.
  package let errors: TextSink
  /// Asks the person at the terminal a yes/no question: set at the prompt, and for one command run
  /// at a terminal; nil when nobody can be asked (a batch, or input from a pipe).
  package var confirm: ((String) -> Bool)?
  /// Whether the process was asked to stop (a signal), for a command that waits on something other
  /// than the lock (the history and the settings are given their own): an export's reader.
  package var stopCheck = StopCheck.never
  /// The command history the prompt keeps, if any: one of the files an export must not replace.
  package var commandHistory: SystemPath?
  /// The history used without `--file` (``StorageLocations/defaultHistory``): its files are not to
  /// be replaced by an export from a session on another history either.
  package var defaultHistory: SystemPath?
  /// The descriptors (3 and up) the caller passed when the process started: an export may write
  /// through `/dev/fd/N` for these, and for no other descriptor of the process. Nil when not known
  /// (a session made by a test): no descriptor is then refused.
  package var inheritedDescriptors: Set<Int32>?
  /// The flash being timed, if any.
  package var flash: RunningFlash?
  /// The line being executed (batch line numbers label errors and warnings).
  package internal(set) var lineNumber = 0
  /// The line being executed; commands take its arrival time as "now".
  package internal(set) var currentLine: InputLine
  /// Whether output may use Unicode (charts, ±) or only ASCII; the executable decides from the
  /// locale (see ``CharacterRepertoire/forLocale(environment:)``).
  package var repertoire: CharacterRepertoire = .unicode
  /// How results on standard output are styled, and errors and warnings on standard error; the
  /// executable decides each for its stream (see ``Palette/choose(_:isTerminal:environment:)``).
  package var palette = Palette.plain
  package var errorPalette = Palette.plain
  /// The time zone dates and clock times are shown in: the process's local zone (`TZ`), unless
  /// the executable or a test passes another.
  package var localTime = LocalTime.system
  /// How to revert this session's changes, newest last: at least the last ``undoDepth``.
  var undoSteps: [UndoStep] = []
  /// How many changes `undo` can revert at least. Older steps are forgotten, `undoDepth` at a time
  /// once twice as many are kept, so that a batch a detector pipes in for days does not hold a step
  /// for every measurement it adds.
  package var undoDepth = 1000
  /// Whether older steps were forgotten (`undo` then says why there is nothing more to undo).
  private(set) var forgotUndoSteps = false
  /// How many undo steps there were when the current group began.
  private var undoStepsBeforeGroup: Int?
  /// What the measurement numbers this session printed stood for (see ``ShownNumbers``).
  var shownNumbers = ShownNumbers()
  /// The numbers as they were when the current group began: a group that fails printed none.
  private var shownNumbersBeforeGroup = ShownNumbers()
  /// What was saved since output was last written out (see ``SavedChange``).
  var unconfirmedChanges: [SavedChange] = []
  /// How many there were when the current group began.
  private var unconfirmedBeforeGroup: Int?

  package init(
    history: SavedHistory, settings: SettingsStore, mode: SessionMode, clock: SessionClock,
    output: TextSink, errors: TextSink, confirm: ((String) -> Bool)? = nil
  ) {
    self.history = history
    self.settings = settings
    self.mode = mode
    self.clock = clock
    self.output = output
    self.errors = errors
    self.confirm = confirm
    self.currentLine = InputLine("", arrival: clock.now())
  }

  /// Writes one line of results.
  package func say(_ line: String) { output.write(line + "\n") }

  /// Writes a warning to standard error, labelled like errors, on one line whatever it quotes.
  package func warn(_ message: String) {
    errors.write(
      errorPalette.paint(label("warning: " + message).escapingControlCharacters, as: .caution) + "\n")
  }

  /// Writes an error to standard error, on one line whatever it quotes (a file name, a note).
  /// `ofLine` false: the error is about the whole batch (its input failed), not one line.
  package func report(_ error: StormrangeError, ofLine: Bool = true) {
    let text = label(error.message(in: localTime), ofLine: ofLine).escapingControlCharacters
    errors.write(errorPalette.paint(text, as: .error) + "\n")
  }

  /// `stormrange: line 3: …` in a batch, `stormrange: …` for one command (or a batch when not
  /// `ofLine`), `error: …` at the prompt.
  func label(_ message: String, ofLine: Bool = true) -> String {
    switch mode {
    case .batch where ofLine: "stormrange: line \(lineNumber): \(message)"
    case .batch, .oneShot: "stormrange: \(message)"
    case .interactive: message.hasPrefix("warning: ") ? message : "error: " + message
    }
  }

  /// The settings in force, as the file is now, warning about each key that could not be used (it
  /// falls back to its default alone) or the whole file: once for each problem, so a session is not
  /// flooded, but again when the file turns bad in another way, or again after it was fixed.
  package var currentSettings: Settings {
    let settings = settings.current
    for problem in newSettingsProblems() {
      warn("settings file \(self.settings.path): \(problem.description); \(Self.fallback(for: problem))")
    }
    return settings
  }

  /// What is used instead of what `problem` could not give.
  private static func fallback(for problem: SettingsProblem) -> String {
    switch problem.key {
    case .unit?:
      "using the default, \(Settings.defaults.unit.rawValue), until 'set unit' replaces it"
    case .temperature?:
      "using the default, \(Temperature(celsius: Settings.defaults.temperature).description), "
        + "until 'set temperature' replaces it"
    case .location?: "so no location until 'set location' replaces it"
    case .radius?:
      "using the default, \(FixedPoint.fixed(Settings.defaults.radius, digits: 0)) km, until 'set radius' replaces it"
    case nil: "using the defaults"
    }
  }

  /// The settings problems last found; a problem is warned about when it was not among them.
  private var warnedSettingsProblems: [SettingsProblem] = []
  private func newSettingsProblems() -> [SettingsProblem] {
    let problems = settings.problems
    defer { warnedSettingsProblems = problems }
    return problems.filter { !warnedSettingsProblems.contains($0) }
  }

  /// The files stormrange keeps for this session, which no export may replace.
  var keptFiles: KeptFiles {
    KeptFiles(
      history: history, settings: settings, commandHistory: commandHistory, defaultHistory: defaultHistory,
      inheritedDescriptors: inheritedDescriptors)
  }

  /// Loads the history (or picks up other processes' changes) before a command reads it.
  func loadHistory() throws(StormrangeError) {
    try StormrangeError.wrapping { () throws(StoreError) in try history.refresh() }
  }

  /// Applies one change to the history and saves it (see ``SavedHistory/modify(_:)``).
  func changeHistory<Result>(_ change: (inout [HistoryEntry]) -> Result) throws(StormrangeError) -> Result {
    try StormrangeError.wrapping { () throws(StoreError) in try history.modify(change) }
  }

  /// Like ``changeHistory(_:)`` for a change that may be refused under the lock; a refusal is
  /// thrown, and nothing is written.
  func changeHistory<Result>(_ change: (inout [HistoryEntry]) -> Swift.Result<Result, StormrangeError>)
    throws(StormrangeError) -> Result
  {
    let outcome = try StormrangeError.wrapping { () throws(StoreError) in try history.modify(change) }
    switch outcome {
    case .success(let result): return result
    case .failure(let refusal): throw refusal
    }
  }

  /// Records a change for `undo`: not in a one-shot command, which no `undo` can follow, so that a
  /// long-running one (`ingest`, `mqtt`) does not hold a step for every measurement it records.
  func remember(_ step: UndoStep) {
    guard canUndoLater else { return }
    undoSteps.append(step)
    forgetOldUndoSteps()
  }

  /// Forgets all but the last ``undoDepth`` steps once there are twice as many; not within a group,
  /// whose failure removes the steps it added by their positions.
  private func forgetOldUndoSteps() {
    guard undoStepsBeforeGroup == nil, undoSteps.count >= 2 * undoDepth else { return }
    undoSteps.removeFirst(undoSteps.count - undoDepth)
    forgotUndoSteps = true
  }

  /// Whether `undo` can still revert a change once the command that made it is over: not for a
  /// one-shot command, whose process ends with it. Messages promise an undo only then.
  var canUndoLater: Bool { mode != .oneShot }

  // MARK: Group commit

  /// Starts gathering changes to save with one write; see ``SavedHistory/beginGroup()``.
  package func beginGroup() {
    history.beginGroup()
    undoStepsBeforeGroup = undoSteps.count
    unconfirmedBeforeGroup = unconfirmedChanges.count
    shownNumbersBeforeGroup = shownNumbers
  }

  /// Saves the group's changes. On failure none of them happened, in memory or on disk, so their
  /// undo steps, their saved changes and the numbers their confirmations would have shown are dropped
  /// too, and the error says why.
  package func commitGroup() throws(StormrangeError) {
    let before = undoStepsBeforeGroup ?? undoSteps.count
    undoStepsBeforeGroup = nil
    let unconfirmedBefore = unconfirmedBeforeGroup ?? unconfirmedChanges.count
    unconfirmedBeforeGroup = nil
    let shownBefore = shownNumbersBeforeGroup
    shownNumbersBeforeGroup = ShownNumbers()
    do throws(StoreError) {
      try history.commitGroup()
    } catch {
      undoSteps.removeSubrange(before...)
      unconfirmedChanges.removeSubrange(unconfirmedBefore...)
      shownNumbers = shownBefore
      throw .store(error)
    }
    forgetOldUndoSteps()
  }
}

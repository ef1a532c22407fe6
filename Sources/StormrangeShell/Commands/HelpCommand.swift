/// `help [COMMAND]`: lists the commands, or shows one command's usage.
struct HelpCommand: Command {
  let name = "help"
  let summary = "list the commands, or show how to use one"
  let usage = "help [COMMAND]"
  /// Every command, this one included, in the order `help` lists them.
  let commands: () -> [any Command]

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? commands().map(\.name) : []
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 1)
    let all = commands()
    if arguments.isEmpty {
      let width = all.map(\.name.count).max() ?? 0
      var text = "Commands (type 'help COMMAND' for more):\n"
      for command in all {
        text += "  " + command.name + String(repeating: " ", count: width - command.name.count + 2)
        text += command.summary + "\n"
      }
      if session.mode == .interactive {
        text += "At the prompt, Enter on an empty line starts and stops the stopwatch.\n"
      }
      session.output.write(text)
      return .proceed
    }
    let wanted = arguments[0]
    guard let command = all.first(where: { $0.name == wanted || $0.aliases.contains(wanted) }) else {
      throw .unknownCommand(wanted, suggestions: CommandRegistry.closest(to: wanted, among: all))
    }
    var text = "usage: \(command.usage)\n\(command.summary)\n"
    if !command.aliases.isEmpty { text += "also: \(command.aliases.joined(separator: ", "))\n" }
    if !command.details.isEmpty { text += command.details + "\n" }
    session.output.write(text)
    return .proceed
  }
}

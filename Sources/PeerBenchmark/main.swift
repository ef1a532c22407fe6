// The peers issue 4 compares stormrange with: Foundation's generic PropertyListDecoder and
// PropertyListEncoder on the same history file. Used by Benchmarks/bench.py only; not shipped.
//   stormrange-peer-benchmark decode FILE   → decodes the history (what a Foundation-based load costs)
//   stormrange-peer-benchmark add FILE      → decodes, appends one entry, re-encodes everything, and
//                                             writes it atomically: one Codable "add", timed inside
// Prints the time of the timed part in milliseconds.
import Foundation

struct Entry: Codable {
  var date: Date
  var delay: Double
  var distance: Double
  var temperature: Double
  var speedOfSound: Double
  var note: String?
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let data = FileManager.default.contents(atPath: arguments[2]) else {
  FileHandle.standardError.write(Data("usage: stormrange-peer-benchmark decode|add FILE\n".utf8))
  exit(2)
}
let clock = ContinuousClock()
func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
switch arguments[1] {
case "decode":
  var count = 0
  let elapsed = clock.measure {
    count = (try? PropertyListDecoder().decode([Entry].self, from: data))?.count ?? -1
  }
  print(milliseconds(elapsed), count)
case "add":
  var entries = try PropertyListDecoder().decode([Entry].self, from: data)
  let elapsed = try clock.measure {
    entries.append(Entry(date: Date(), delay: 5, distance: 1716, temperature: 20, speedOfSound: 343.2))
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    try encoder.encode(entries).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
  }
  print(milliseconds(elapsed), entries.count)
default:
  exit(2)
}

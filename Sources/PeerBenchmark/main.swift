// The Foundation peers of issue 8's performance ratios (Benchmarks/bench.py; not shipped).
//   stormrange-peer-benchmark nothing      → returns at once: a Swift program that imports Foundation
//                                            and does nothing. bench.py times the whole process of a
//                                            default (dynamically linked) build, which loads Foundation;
//                                            a static build of a program that does nothing drops it.
//   stormrange-peer-benchmark decode FILE  → reads FILE and decodes it with PropertyListDecoder, and
//                                            prints the time that took in ms (its start-up left out),
//                                            then the entry count
//   stormrange-peer-benchmark add FILE     → reads and decodes FILE, appends one entry, encodes it all
//                                            with PropertyListEncoder and writes it atomically; bench.py
//                                            times the whole process, built like stormrange (release,
//                                            --static-swift-stdlib)
import Foundation

let arguments = CommandLine.arguments
if arguments.count == 2 && arguments[1] == "nothing" {
  exit(0)
}

struct Entry: Codable {
  var date: Date
  var delay: Double
  var distance: Double
  var temperature: Double
  var speedOfSound: Double
  var note: String?
}

guard arguments.count == 3, ["decode", "add"].contains(arguments[1]) else {
  let usage = "usage: stormrange-peer-benchmark nothing | decode FILE | add FILE\n"
  FileHandle.standardError.write(Data(usage.utf8))
  exit(2)
}
let url = URL(fileURLWithPath: arguments[2])

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func load() throws -> [Entry] {
  try PropertyListDecoder().decode([Entry].self, from: Data(contentsOf: url))
}

var count = 0
let elapsed = try ContinuousClock().measure {
  var entries = try load()
  if arguments[1] == "add" {
    entries.append(Entry(date: Date(), delay: 5, distance: 1716, temperature: 20, speedOfSound: 343.2))
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    try encoder.encode(entries).write(to: url, options: .atomic)
  }
  count = entries.count
}
print(milliseconds(elapsed), count)

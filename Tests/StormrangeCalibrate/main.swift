// stormrange-calibrate [SEEDS] [--markdown | --overview] [--jobs N] [--scenario NAME]... [--show SEED]
//
// Scores `status` on SEEDS simulated storms (default 200) of every scenario (or of those named)
// against the bands, and prints the table: for a terminal, or with --markdown for docs;
// --overview prints only the markdown overview, a row per scenario.
// Scripts/calibrate builds it in release and runs it. --show SEED prints, instead, that seed's storm
// of each scenario: its measurements, the truth, what status said, and the six-range line.
import NowcastCalibration
import StormSimulator

#if canImport(Glibc)
  import Glibc
#endif

/// Says what is wrong on standard error and exits with status 2.
func fail(_ message: String) -> Never {
  let bytes = Array("stormrange-calibrate: \(message)\n".utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(2)
}

var seeds = CalibrationBands.seeds
var markdown = false
var overview = false
var jobs = 2
var names: [String] = []
var shown: UInt64?
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
  switch argument {
  case "--markdown": markdown = true
  case "--overview": overview = true
  case "--jobs":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
      fail("--jobs wants a whole number of at least 1")
    }
    jobs = value
  case "--scenario":
    guard let name = arguments.popFirst(), Scenario.named(name) != nil else {
      fail("--scenario wants one of: " + Scenario.all.map { "'\($0.name)'" }.joined(separator: ", "))
    }
    names.append(name)
  case "--show":
    guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else { fail("--show wants a seed") }
    shown = value
  case "-h", "--help":
    print(
      "usage: stormrange-calibrate [SEEDS] [--markdown | --overview] [--jobs N] [--scenario NAME]... [--show SEED]"
    )
    exit(0)
  default:
    guard let value = Int(argument), value > 0 else {
      fail("'\(argument)' is not a number of seeds (a whole number of at least 1) nor an option; try --help")
    }
    seeds = value
  }
}

let scenarios = names.isEmpty ? Scenario.all : Scenario.all.filter { names.contains($0.name) }
if let shown {
  for scenario in scenarios { print(ScoredStorm(scenario.storm(seed: shown)).description + "\n") }
  exit(0)
}
let seedRange = UInt64(1)...UInt64(seeds)
let scores = await withTaskGroup(of: (Int, ScenarioScore).self) { group in
  var results: [Int: ScenarioScore] = [:]
  var next = 0
  func start(_ index: Int) {
    let scenario = scenarios[index]
    group.addTask { (index, ScenarioScore(scenario: scenario, seeds: seedRange)) }
  }
  while next < min(jobs, scenarios.count) {
    start(next)
    next += 1
  }
  while let (index, score) = await group.next() {
    results[index] = score
    if next < scenarios.count {
      start(next)
      next += 1
    }
  }
  return scenarios.indices.map { results[$0]! }
}

if overview {
  print(
    (CalibrationTable.overview(scores, seeds: seeds) + [""] + CalibrationTable.summary(scores, seeds: seeds))
      .joined(separator: "\n"))
} else {
  print(
    markdown ? CalibrationTable.markdown(scores, seeds: seeds) : CalibrationTable.text(scores, seeds: seeds),
    terminator: "")
}

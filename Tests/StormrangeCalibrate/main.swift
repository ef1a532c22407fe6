// stormrange-calibrate [SEEDS] [--markdown | --overview] [--jobs N] [--scenario NAME]... [--show SEED]
//                      [--population N] [--cells N [--physics NAME]]
//
// Scores `status` on SEEDS simulated storms (default 200) of every scenario (or of those named)
// against the bands, and prints the table: for a terminal, or with --markdown for docs;
// --overview prints only the markdown overview, a row per scenario.
// --population N also scores N storms of the climatological population (StormPopulation; 0, the
// default, none; CalibrationBands.populationStorms, 2000, is the count its bands are set for) and
// prints its reliability table, Brier skills and warning against the six-range line after the
// scenarios'; with SEEDS 0 only the population is scored.
// --cells N scores the chances of every current cell of N simulated networks (CellChances), pooled,
// against the chances issue's reliability and skill bands; --physics NAME draws the networks with
// one of NetworkPhysics' ranges (standard, the default; sparse-network, wide-scatter, weak-cells,
// wide-speeds), each plausible range widened.
// --located-feed SEED [--end EPOCH] [--duration SECONDS] [--at LAT LON] prints, instead, a lightning
// network's strikes over simulated cells as Blitzortung's feed sends them (LocatedFeed.swift), the
// last at EPOCH (seconds, default now), over SECONDS (default 540), around LAT LON (51.5 -0.12).
// Scripts/calibrate builds it in release and runs it. --show SEED prints, instead, that seed's storm
// of each scenario (and of the population, with --population): its measurements, the truth, what
// status said, and the six-range line.
import NowcastCalibration
import StormSimulator

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `message` to standard error.
func printError(_ message: String) {
  let bytes = Array("stormrange-calibrate: \(message)\n".utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Says what is wrong on standard error and exits with status 2.
func fail(_ message: String) -> Never {
  printError(message)
  exit(2)
}

var seeds = CalibrationBands.seeds
var markdown = false
var overview = false
var jobs = 2
var names: [String] = []
var shown: UInt64?
var populationStorms = 0
var cellNetworks = 0
var physics: NetworkPhysics?
var feed: LocatedFeed?
var feedEnd: Double?
var feedDuration = 540.0
var feedPosition = (latitude: 51.5, longitude: -0.12)
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
  case "--population":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 else {
      fail("--population wants a number of storms (0 for none)")
    }
    populationStorms = value
  case "--show":
    guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else { fail("--show wants a seed") }
    shown = value
  case "--located-feed":
    guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else {
      fail("--located-feed wants a seed")
    }
    feed = LocatedFeed(seed: value, end: 0, duration: 0, latitude: 0, longitude: 0)
  case "--end":
    guard let value = arguments.popFirst().flatMap({ Double($0) }), value > 0 else {
      fail("--end wants seconds since the epoch")
    }
    feedEnd = value
  case "--duration":
    guard let value = arguments.popFirst().flatMap({ Double($0) }), value > 0, value <= 86_400 else {
      fail("--duration wants seconds, above 0 and at most a day")
    }
    feedDuration = value
  case "--at":
    guard let latitude = arguments.popFirst().flatMap({ Double($0) }), abs(latitude) <= 85,
      let longitude = arguments.popFirst().flatMap({ Double($0) }), abs(longitude) <= 180
    else { fail("--at wants a latitude (within 85° of the equator) and a longitude, in degrees") }
    feedPosition = (latitude, longitude)
  case "--cells":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 1 else {
      fail("--cells wants a whole number of simulated networks, at least 1")
    }
    cellNetworks = value
  case "--physics":
    guard let value = arguments.popFirst().flatMap(NetworkPhysics.named) else {
      fail("--physics wants one of: " + NetworkPhysics.all.map { "'\($0.name)'" }.joined(separator: ", "))
    }
    physics = value
  case "-h", "--help":
    print(
      "usage: stormrange-calibrate [SEEDS] [--markdown | --overview] [--jobs N] [--scenario NAME]... [--show SEED]"
        + " [--population N] [--cells N [--physics NAME]]\n       stormrange-calibrate --located-feed SEED [--end EPOCH] [--duration SECONDS]"
        + " [--at LAT LON]"
    )
    exit(0)
  default:
    guard let value = Int(argument), value >= 0 else {
      fail("'\(argument)' is not a number of seeds (a whole number, 0 for none) nor an option; try --help")
    }
    seeds = value
  }
}

if physics != nil && cellNetworks == 0 { fail("--physics draws the networks of --cells N; give both") }

if var feed {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  feed.end = feedEnd ?? Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  feed.duration = feedDuration
  (feed.latitude, feed.longitude) = feedPosition
  for line in feed.lines { print(line) }
  exit(0)
}

let scenarios = names.isEmpty ? Scenario.all : Scenario.all.filter { names.contains($0.name) }
if let shown {
  for scenario in scenarios { print(ScoredStorm(scenario.storm(seed: shown)).description + "\n") }
  if populationStorms > 0 { print(ScoredStorm(StormPopulation.storm(seed: shown)).description) }
  exit(0)
}

/// `work` on each of `count` parts, at most `jobs` at a time, the results in order.
func inParallel<Result: Sendable>(
  _ count: Int, jobs: Int, _ work: @escaping @Sendable (Int) -> Result
) async -> [Result] {
  await withTaskGroup(of: (Int, Result).self) { group in
    var results: [Int: Result] = [:]
    var next = 0
    func start(_ index: Int) { group.addTask { (index, work(index)) } }
    while next < min(jobs, count) {
      start(next)
      next += 1
    }
    while let (index, result) = await group.next() {
      results[index] = result
      if next < count {
        start(next)
        next += 1
      }
    }
    return (0..<count).map { results[$0]! }
  }
}

let started = ContinuousClock.now
var lines: [String] = []
if seeds > 0 {
  let seedRange = UInt64(1)...UInt64(seeds)
  let scores = await inParallel(scenarios.count, jobs: jobs) {
    ScenarioScore(scenario: scenarios[$0], seeds: seedRange)
  }
  if overview {
    lines +=
      CalibrationTable.overview(scores, seeds: seeds) + [""] + CalibrationTable.summary(scores, seeds: seeds)
  } else {
    let table =
      markdown ? CalibrationTable.markdown(scores, seeds: seeds) : CalibrationTable.text(scores, seeds: seeds)
    lines += [String(table.dropLast())]
  }
}
if populationStorms > 0 {
  // Parts of 50 seeds, so that both jobs stay busy to the end.
  let (part, storms) = (50, populationStorms)
  let parts = await inParallel((storms + part - 1) / part, jobs: jobs) { index in
    PopulationScore(seeds: UInt64(index * part + 1)...UInt64(min((index + 1) * part, storms)))
  }
  let population = parts.reduce(PopulationScore()) { $0.merged(with: $1) }
  if !lines.isEmpty { lines.append("") }
  lines +=
    (markdown || overview ? PopulationTable.markdown(population) : PopulationTable.text(population))
    + [""] + PopulationTable.summary(population)
}
if cellNetworks > 0 {
  let drawnWith = physics ?? .standard
  let outcomes = await inParallel(cellNetworks, jobs: jobs) { index in
    do { return try CellChances.outcomes(seed: UInt64(index + 1), physics: drawnWith) } catch {
      fail("\(error)")
    }
  }.flatMap { $0 }
  if !lines.isEmpty { lines.append("") }
  lines += CellChanceTable.markdown(outcomes, networks: cellNetworks, physics: drawnWith)
}
print(lines.joined(separator: "\n"))
let elapsed = ContinuousClock.now - started
printError("scored in \(elapsed.components.seconds) s")

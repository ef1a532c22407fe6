import FoundationEssentials

/// A cell as ``StormCells`` follows it: the members it has gathered, and its latest located groups,
/// whose ``CellLine`` says where it is expected at any moment.
struct CellTrack {
  /// A located group's place on the observer's plane, metres east and north, and its weight (its
  /// count of strikes).
  struct Fix {
    let seconds: Double
    let east: Double
    let north: Double
    let weight: Double
  }

  /// The cell's number, in order of birth.
  let number: Int
  /// Indices into the storm's measurements.
  private(set) var members: [Int] = []
  /// The located groups of the last ``CellRule/trackMemory`` before the latest, oldest first.
  private(set) var recent: [Fix] = []
  /// Whether the cell holds located groups (a track of measurements without a position does not).
  let isPlaced: Bool
  /// Where the cell is expected and how far from there a group may lie, through ``recent``; nil
  /// without located groups.
  private(set) var line: CellLine?

  init(number: Int, isPlaced: Bool) {
    self.number = number
    self.isPlaced = isPlaced
  }

  /// When its latest member was, seconds on the storm's clock.
  private(set) var latest = -Double.infinity

  mutating func add(_ member: Int, at seconds: Double, fix: Fix? = nil) {
    members.append(member)
    latest = max(latest, seconds)
    guard let fix else { return }
    recent.append(fix)
    let start = fix.seconds - CellRule.trackMemory
    if let first = recent.firstIndex(where: { $0.seconds >= start }), first > 0 { recent.removeFirst(first) }
    line = CellLine(recent)
  }

  /// Takes in `other`'s members and groups: the two are one cell from now on.
  mutating func absorb(_ other: CellTrack) {
    members = (members + other.members).sorted()
    latest = max(latest, other.latest)
    let newest = max(recent.last?.seconds ?? -.infinity, other.recent.last?.seconds ?? -.infinity)
    recent = (recent + other.recent).filter { $0.seconds >= newest - CellRule.trackMemory }
      .sorted { $0.seconds < $1.seconds }
    line = CellLine(recent)
  }
}

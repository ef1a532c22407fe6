/// A line of input and the moment it arrived; `flash`/`thunder` are timed between arrivals, not
/// between the moments they are processed.
public struct InputLine: Sendable {
  public var text: String
  public var arrival: Moment

  public init(_ text: String, arrival: Moment) {
    self.text = text
    self.arrival = arrival
  }
}

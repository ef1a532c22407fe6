import FoundationEssentials
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeMQTT
@testable import StormrangeShell
@testable import StormrangeStore

/// `mqtt --subscribe TOPIC=blitzortung`: located strikes recorded in groups, and held back to be
/// saved together (issue 32).
@Suite struct MQTTServiceLocatedTests {
  /// A one-shot session with a location set, 51.5 N 0.12 W.
  func located() -> TestSession {
    let setUp = TestSession()
    setUp.runAll(["set location 51.5 -0.12"])
    return TestSession(mode: .oneShot, directory: setUp.directory)
  }

  func strike(_ test: TestSession, _ latitude: Double, topic: String = "blitzortung/1.1/u/2/x")
    -> ReceivedMessage
  {
    let nanoseconds = Int64(test.clock.now().wall.timeIntervalSince1970 * 1e9)
    let payload = #"{"lat":\#(latitude),"lon":-0.12,"time":\#(nanoseconds)}"#
    return ReceivedMessage(
      topic: topic, payload: Array(payload.utf8), retained: false, arrival: test.clock.now())
  }

  @Test func withoutALocationItDoesNotStart() {
    let test = TestSession(mode: .oneShot)
    test.commands.others = [MQTTCommands.mqtt(runner: { _, _ in Issue.record("it started") })]
    #expect(test.run("mqtt --broker mqtt://localhost --subscribe blitzortung/1.1/#=blitzortung"))
    #expect(
      test.errors.take().contains(
        "blitzortung strikes are measured from where you are, and no location is set"))
  }

  @Test func locatedStrikesAreHeldBackTwoSecondsAndAnythingElseIsRecordedAtOnce() throws {
    let test = located()
    let service = try test.mqttService(
      "--broker mqtt://localhost --subscribe blitzortung/1.1/#=blitzortung --subscribe esp/lightning=km"
    )
    let first = strike(test, 51.68)
    let now = test.clock.now().monotonic
    #expect(service.holdingTime(for: [first], now: now) == IngestStream.locatedSaveDelay)
    #expect(service.holdingTime(for: [first], now: now + 1.5) == IngestStream.locatedSaveDelay - 1.5)
    #expect(service.holdingTime(for: [first], now: now + 2) == 0)
    let reading = ReceivedMessage(
      topic: "esp/lightning", payload: Array("12.5".utf8), retained: false, arrival: test.clock.now())
    #expect(service.holdingTime(for: [first, reading], now: now) == 0)
    #expect(service.holdingTime(for: [], now: now) == 0)
    #expect(service.holdingTime(for: Array(repeating: first, count: MQTTService.maximumHeld), now: now) == 0)
  }

  @Test func aGroupIsAddedThenUpdatedInPlaceAndTheStatusPublishedAfterEach() throws {
    let test = located()
    let service = try test.mqttService("--broker mqtt://localhost --subscribe blitzortung/1.1/#=blitzortung")
    _ = service.connected()
    let published = service.received([strike(test, 51.68)])
    #expect(published.map(\.topic) == ["stormrange/status"])
    #expect(test.output.take() == "#1  20.03 km N  (blitzortung, 1 strike)\n")
    test.clock.advance(5)
    let again = service.received([strike(test, 51.69)])
    // Updated in place: no confirmation, but the status is computed again and published.
    #expect(again.map(\.topic) == ["stormrange/status"])
    #expect(test.output.take().isEmpty)
    #expect(try test.reloadedHistory().map { $0.fix?.strikes } == [2])
  }

  @Test func theSummaryIsWrittenEveryTenMinutesAndAtTheEnd() throws {
    let test = located()
    let service = try test.mqttService("--broker mqtt://localhost --subscribe blitzortung/1.1/#=blitzortung")
    _ = service.received([strike(test, 51.68)])
    #expect(!test.errors.take().contains("(located):"))
    test.clock.advance(IngestStream.summaryInterval)
    _ = service.received([strike(test, 51.69)])
    #expect(test.errors.take() == "stormrange: blitzortung (located): 2 strikes, 2 recorded in 2 groups\n")
    service.summariseLocated(now: nil)
    #expect(test.errors.take() == "stormrange: blitzortung (located): 2 strikes, 2 recorded in 2 groups\n")
  }
}

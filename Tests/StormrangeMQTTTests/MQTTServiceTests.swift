import FoundationEssentials
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeMQTT
@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct MQTTServiceTests {
  @Test func aNewConnectionPublishesEverythingRetained() throws {
    let test = approachingStorm(mode: .oneShot)
    let service = try test.mqttService()
    let topics = service.connected().map(\.topic)
    // `online` last, after the fresh status and the configs: Home Assistant never shows the
    // previous run's retained status as current (issue 29).
    #expect(topics.last == "stormrange/availability")
    #expect(topics.filter { $0 == "stormrange/availability" }.count == 1)
    #expect(topics.contains("stormrange/status"))
    #expect(topics.filter { $0.hasPrefix("homeassistant/") }.count == HomeAssistantDiscovery.entities.count)
    #expect(service.will == MQTTMessage(topic: "stormrange/availability", payload: "offline"))
    // Nothing new since: nothing to publish, but a reconnection publishes it all again.
    #expect(service.update(historyMayHaveChanged: false).isEmpty)
    #expect(service.connected().map(\.topic) == topics)
  }

  @Test func theStatusIsPublishedOnEveryChangeAndOnceAMinuteDuringAStorm() throws {
    let test = approachingStorm(mode: .oneShot)
    let service = try test.mqttService("--broker mqtt://localhost")
    #expect(service.update(historyMayHaveChanged: true).first?.payload.contains(#""count": 4"#) == true)
    #expect(service.update(historyMayHaveChanged: false).isEmpty)
    try SavedHistory(path: test.historyPath, now: anotherProcessNow).append(
      Measurement(date: ISO8601Time.parse("2026-07-01T15:55:40Z")!, delay: 10, temperature: 20))
    let changed = service.update(historyMayHaveChanged: true)
    #expect(changed.map(\.topic) == ["stormrange/status"])
    #expect(changed.first?.payload.contains(#""count": 5"#) == true)
    test.clock.advance(30)
    #expect(service.update(historyMayHaveChanged: false).isEmpty)
    // A minute on, the nowcast is computed again for the time now, and published: `watch --json`
    // would print nothing, since the advice stays the same.
    test.clock.advance(30)
    let nowcast = service.update(historyMayHaveChanged: false)
    #expect(nowcast.first?.payload.contains(#""as_of": "2026-07-01T15:57:00Z""#) == true)
  }

  @Test func aMessageOnASubscribedTopicIsSavedBeforeItsStatusIsPublished() throws {
    let test = TestSession(mode: .oneShot)
    let service = try test.mqttService(
      "--broker mqtt://localhost --subscribe esp/lightning=km --subscribe tele/+/SENSOR=tasmota")
    _ = service.update(historyMayHaveChanged: true)
    let arrival = test.clock.now()
    let published = service.received([
      ReceivedMessage(topic: "esp/lightning", payload: Array("12.5".utf8), retained: false, arrival: arrival),
      // Old news the broker kept: not a reading.
      ReceivedMessage(topic: "esp/lightning", payload: Array("3".utf8), retained: true, arrival: arrival),
      ReceivedMessage(
        topic: "tele/attic/SENSOR",
        payload: Array(#"{"AS3935":{"Event":1,"Distance":14,"Energy":1,"Stage":0}}"#.utf8),
        retained: false, arrival: arrival),
      // Another sensor of a Tasmota device: passed over without a word.
      ReceivedMessage(
        topic: "tele/plug/SENSOR", payload: Array(#"{"ENERGY":{"Power":5}}"#.utf8), retained: false,
        arrival: arrival),
    ])
    let onDisk = try test.reloadedHistory()
    #expect(onDisk.map(\.distance) == [12_500, 14_000])
    #expect(onDisk.map { $0.source?.name } == ["detector", "attic"])
    #expect(
      published.map(\.topic) == [
        "stormrange/sensors/attic", "stormrange/sensors/detector", "stormrange/status",
      ])
    #expect(published.last?.payload.contains(#""count": 2"#) == true)
    #expect(test.output.text == "#1  12.50 km  (detector)\n#2  14.00 km  (attic)\n")
    #expect(!test.errors.text.contains("plug"))
    // The summaries are published again on every connection.
    #expect(service.connected().map(\.topic).contains("stormrange/sensors/attic"))
  }

  @Test func mqttRunsOnlyAsOneCommandFromTheArguments() {
    let test = TestSession(mode: .batch)
    test.commands.others = [MQTTCommands.mqtt(runner: { _, _ in Issue.record("the service ran") })]
    #expect(test.run("mqtt --broker mqtt://localhost"))
    #expect(test.errors.text.contains("not in a batch or at the prompt"))
  }
}

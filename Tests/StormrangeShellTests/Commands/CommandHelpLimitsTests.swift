import StormrangeBase
import ShellTestSupport
import StormrangeDomain
import StormrangeExchange
import Testing

@testable import StormrangeShell
@testable import StormrangeStore

/// The help of `add` and `set` states the limits and choices the rules hold: a limit changed in
/// its constant changes the help, and a limit typed into the help by hand fails here.
@Suite struct CommandHelpLimitsTests {
  /// `export` names every field the formats write, `detector` (since 1.2) too, and `import` the
  /// columns it requires or computes, as the formats spell them.
  @Test func exportAndImportNameTheFieldsAsTheFormatsSpellThem() {
    let export = ExportCommand().details.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for key in ExchangeFormat.keys {
      #expect(export.contains(" \(key),") || export.contains(" \(key) "), "\(key)")
    }
    let importing = ImportCommand().details
    for field in [MeasurementFields.Key.date, .delay, .temperature, .speedOfSound, .distance] {
      #expect(importing.contains(field.exchangeName), "\(field)")
    }
  }

  @Test func addStatesTheDelaysItTakes() {
    let delays =
      "(\(MeasurementRules.minimumThunderDelay.description) to \(Int(MeasurementRules.maximumDelay)))"
    #expect(AddCommand().details.contains(delays))
  }

  @Test func addStatesEveryUnitAndTheFarthestDistanceTypedInIt() {
    let details = AddCommand().details
    for unit in DistanceUnit.allCases {
      let limit = MeasurementRules.maximumTypedDistance / unit.metresPerUnit
      let scale = unit.decimals == 0 ? 1.0 : 100
      let shown =
        "\(FixedPoint.fixed((limit * scale).rounded(.down) / scale, digits: unit.decimals)) \(unit.rawValue)"
      #expect(details.contains(shown), "\(shown)")
    }
    #expect(details.contains("UNIT is " + DistanceUnit.allCases.map(\.rawValue).listed("or")))
  }

  @Test func addStatesTheDetectorNameRuleTheKindsAndEveryAS3935Step() {
    let details = AddCommand().details
    #expect(details.contains("the detector, \(DetectorSource.nameRule)"))
    #expect(details.contains(DetectorKind.typed.map(\.rawValue).listed("or")))
    #expect(!details.contains(DetectorKind.located.rawValue))
    #expect(details.contains(AS3935.stepsKilometres.map { String(Int($0)) }.listed("or")))
  }

  @Test func setNamesEverySettingAndUnitAndTheTemperaturesItTakes() {
    let command = SetCommand()
    for key in Settings.Key.allCases {
      #expect(command.usage.contains(key.rawValue) && command.details.contains("\(key.rawValue)  "))
    }
    #expect(command.usage.contains(DistanceUnit.allCases.map(\.rawValue).joined(separator: "|")))
    let celsius = SpeedOfSound.plausibleCelsius
    #expect(
      SetCommand.temperatureLimits == "between \(Int(celsius.lowerBound)) and \(Int(celsius.upperBound)) °C")
    let speed = SpeedOfSound.metresPerSecond(celsius: Settings.defaults.temperature)
    #expect(command.details.contains("\(FixedPoint.fixed(speed, digits: 1)) m/s at 20 °C"))
  }

  @Test func setsRefusalsNameWhatItTakes() {
    let test = TestSession()
    #expect(test.run("set unit parsecs"))
    #expect(test.errors.take().contains("use " + DistanceUnit.allCases.map(\.rawValue).listed("or")))
    #expect(test.run("set temperature hot"))
    #expect(test.errors.take().contains("(\(SetCommand.temperatureLimits))"))
    #expect(test.run("set colour red"))
    #expect(
      test.errors.take().contains("the settings are " + Settings.Key.allCases.map(\.rawValue).listed("and")))
  }
}

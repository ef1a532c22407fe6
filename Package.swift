// swift-tools-version:6.0
import PackageDescription

// The layers, each a target holding one capability, each importing only the ones above it in this
// list (and not every one of those), so the compiler refuses an import that points the wrong way and
// keeps each capability's internals its own; what another target needs is `package`
// (docs/architecture.md):
//   StormrangeBase          civil time, UTC and local time text, fixed-point numbers, display escaping,
//                           JSON read and written
//   StormrangeDomain        measurements, speed of sound, units, storms, trend, uncertainty, advice
//   StormrangePropertyList  the property-list codec; knows nothing of storms
//   StormrangeStore         the history file and its transactions, durable files, the lock, settings
//   StormrangeRendering     what people read: status text and JSON, charts, the map, the palette,
//                           on Base and Domain only
//   StormrangeExchange      CSV, JSON and property-list import and export; throws ExchangeError
//   StormrangeDetectors     detectors' messages and each sensor's state; knows no session
//   StormrangeLocated       located strikes: distances on the ellipsoid (PROJ's geodesics)
//   StormrangeShell         the interpreter, the session, the commands, batches, the man page, and
//                           StormrangeError, which words every error for people
//   StormrangeMQTT          what `mqtt` publishes and when, its connection's state machine behind a
//                           client protocol, Home Assistant's discovery
//   StormrangeProcess       the process's I/O and command line: standard input's lines, the system's
//                           clocks, argv's bytes, the flags and where the command starts, exit statuses
//   stormrange              the thin executable: the list of commands and the runners of `watch`,
//                           `ingest` and `mqtt`; readline, the terminal, signals, libmosquitto
//
// Every Swift target builds with member import visibility (SE-0444): a file sees the members and
// extensions of a module only if it imports that module itself, so each file's imports say what it
// uses, and a missing one fails the build instead of riding on another file's import.
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]
// The nowcast, its simulator and its scorer are optimised in debug builds too: the calibration's unit
// tests score some 1,600 simulated storms, which took 8.6 minutes of CPU unoptimised and 2.5 optimised (2026-11-27).
let optimisedSwiftSettings = swiftSettings + [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
  name: "stormrange",
  products: [
    .executable(name: "stormrange", targets: ["stormrange"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // GNU readline, linked from the system (Debian: libreadline-dev).
    .systemLibrary(
      name: "CReadline",
      pkgConfig: nil,
      providers: [.apt(["libreadline-dev"])]
    ),
    // libmosquitto's header (Debian: libmosquitto-dev); the library is loaded when `mqtt` runs, not
    // linked (Sources/CMosquitto/shim.h says why).
    .systemLibrary(name: "CMosquitto", pkgConfig: nil, providers: [.apt(["libmosquitto-dev"])]),
    // Karney's geodesics from PROJ (Debian: libproj-dev); loaded when a located strike is measured,
    // not linked (Sources/CGeodesic/shim.h says why).
    .systemLibrary(name: "CGeodesic", pkgConfig: nil, providers: [.apt(["libproj-dev"])]),
    // Extended attributes (sys/xattr.h), in the C library but not in Swift's Glibc module.
    .systemLibrary(name: "CExtendedAttributes"),
    .target(name: "StormrangeBase", swiftSettings: swiftSettings),
    .target(
      name: "StormrangeDomain", dependencies: ["StormrangeBase"], swiftSettings: optimisedSwiftSettings),
    .target(name: "StormrangePropertyList", dependencies: ["StormrangeBase"], swiftSettings: swiftSettings),
    .target(
      name: "StormrangeStore",
      dependencies: ["StormrangeBase", "StormrangeDomain", "StormrangePropertyList", "CExtendedAttributes"],
      swiftSettings: swiftSettings),
    .target(
      name: "StormrangeRendering", dependencies: ["StormrangeBase", "StormrangeDomain"],
      swiftSettings: swiftSettings),
    .target(
      name: "StormrangeExchange",
      dependencies: [
        "StormrangeBase", "StormrangeDomain", "StormrangePropertyList", "StormrangeStore",
      ],
      swiftSettings: swiftSettings),
    .target(
      name: "StormrangeDetectors",
      dependencies: ["StormrangeBase", "StormrangeDomain", "StormrangeRendering"],
      swiftSettings: swiftSettings),
    .target(
      name: "StormrangeLocated",
      dependencies: ["StormrangeBase", "StormrangeDomain", "StormrangeRendering", "CGeodesic"],
      swiftSettings: swiftSettings),
    .target(
      name: "StormrangeShell",
      dependencies: [
        "StormrangeBase", "StormrangeDomain", "StormrangeStore", "StormrangeRendering", "StormrangeExchange",
        "StormrangeDetectors", "StormrangeLocated",
      ],
      swiftSettings: swiftSettings),
    .target(
      name: "StormrangeMQTT",
      dependencies: [
        "StormrangeBase", "StormrangeDomain", "StormrangeStore", "StormrangeRendering", "StormrangeDetectors",
        "StormrangeLocated", "StormrangeShell",
      ],
      swiftSettings: swiftSettings),
    .target(
      name: "StormrangeProcess",
      dependencies: [
        "StormrangeShell",
        "StormrangeRendering",
        "StormrangeStore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings),
    .executableTarget(
      name: "stormrange",
      dependencies: [
        "StormrangeProcess",
        "StormrangeShell",
        "StormrangeMQTT",
        "StormrangeDetectors",
        "StormrangeRendering",
        "StormrangeStore",
        "StormrangeBase",
        "CReadline",
        "CMosquitto",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),
    // Helpers the test targets share: a temporary directory, a seeded random number generator.
    .target(
      name: "TestSupport", dependencies: ["StormrangeDomain"], path: "Tests/TestSupport",
      swiftSettings: swiftSettings),
    .testTarget(name: "StormrangeBaseTests", dependencies: ["StormrangeBase"], swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangeDomainTests", dependencies: ["StormrangeDomain", "StormrangeBase", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangePropertyListTests", dependencies: ["StormrangePropertyList", "StormrangeBase"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangeStoreTests",
      dependencies: [
        "StormrangeStore", "StormrangeDomain", "StormrangePropertyList", "TestSupport", "CExtendedAttributes",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangeRenderingTests",
      dependencies: [
        "StormrangeRendering", "StormrangeDomain", "StormrangeBase", "ShellTestSupport", "TestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangeExchangeTests",
      dependencies: ["StormrangeExchange", "StormrangeStore", "StormrangeDomain", "StormrangeBase"],
      swiftSettings: swiftSettings),
    .testTarget(
      // The recording's bias is measured on the simulator's located cells.
      name: "StormrangeLocatedTests",
      dependencies: [
        "StormrangeLocated", "StormrangeDomain", "StormSimulator", "NowcastCalibration", "CGeodesic",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangeDetectorsTests",
      // The MQTT service names a Tasmota detector from its topic as `ingest` names it.
      dependencies: ["StormrangeDetectors", "StormrangeMQTT", "StormrangeDomain", "StormrangeBase"],
      swiftSettings: swiftSettings),
    // A session on temporary files with a clock the test moves, and its commands, for the tests of
    // the shell and of what runs through it.
    .target(
      name: "ShellTestSupport",
      dependencies: [
        "StormrangeShell", "StormrangeStore", "StormrangeDomain", "StormrangeBase", "TestSupport",
      ],
      path: "Tests/ShellTestSupport", swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangeShellTests",
      dependencies: [
        "StormrangeShell", "StormrangeExchange", "StormrangeDetectors", "StormrangeRendering",
        "StormrangeStore",
        "StormrangeDomain", "StormrangePropertyList", "StormrangeBase", "StormrangeLocated",
        "ShellTestSupport",
        "TestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangeMQTTTests",
      dependencies: [
        "StormrangeMQTT", "StormrangeShell", "StormrangeDetectors", "StormrangeStore", "StormrangeDomain",
        "StormrangeBase", "ShellTestSupport", "TestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangeProcessTests",
      dependencies: [
        "StormrangeProcess", "StormrangeShell", "StormrangeRendering", "StormrangeStore", "TestSupport",
      ],
      swiftSettings: swiftSettings),
    // Synthetic storms from physics, and the scoring of `status` on them (Scripts/calibrate,
    // docs/science.md). The simulator imports nothing of the estimator it referees.
    .target(name: "StormSimulator", path: "Tests/StormSimulator", swiftSettings: optimisedSwiftSettings),
    .target(
      // The cells' chances are scored on a network's strikes, grouped as ingest groups them.
      name: "NowcastCalibration", dependencies: ["StormSimulator", "StormrangeDomain", "StormrangeLocated"],
      path: "Tests/NowcastCalibration", swiftSettings: optimisedSwiftSettings),
    .executableTarget(
      name: "stormrange-calibrate", dependencies: ["NowcastCalibration", "StormSimulator"],
      path: "Tests/StormrangeCalibrate", swiftSettings: swiftSettings),
    .testTarget(name: "StormSimulatorTests", dependencies: ["StormSimulator"], swiftSettings: swiftSettings),
    .testTarget(
      name: "NowcastCalibrationTests", dependencies: ["NowcastCalibration", "StormSimulator"],
      swiftSettings: swiftSettings),
    // Foundation's generic property-list coders on the same files, for Benchmarks/bench.py.
    .executableTarget(
      name: "stormrange-peer-benchmark", path: "Sources/PeerBenchmark", swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)

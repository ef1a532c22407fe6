// swift-tools-version:6.0
import PackageDescription

// The layers, each a target, each importing only the ones above it in this list, so the compiler
// refuses an import that points the wrong way (docs/architecture.md):
//   StormrangeBase          civil time, UTC and local time text, fixed-point numbers, display escaping
//   StormrangeDomain        measurements, speed of sound, units, storms, trend, uncertainty, advice
//   StormrangePropertyList  the property-list codec; knows nothing of storms
//   StormrangeStore         the history file and its transactions, durable files, the lock, settings
//   StormrangeKit           the application: interpreter, session, commands, rendering, exchange, batches
//   StormrangeProcess       the process's I/O and command line: standard input's lines, the system's
//                           clocks, argv's bytes, the flags and where the command starts, exit statuses
//   stormrange              the thin executable: readline, the terminal, signals, choosing the mode
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
    // Extended attributes (sys/xattr.h), in the C library but not in Swift's Glibc module.
    .systemLibrary(name: "CExtendedAttributes"),
    .target(name: "StormrangeBase", swiftSettings: swiftSettings),
    .target(name: "StormrangeDomain", dependencies: ["StormrangeBase"], swiftSettings: optimisedSwiftSettings),
    .target(name: "StormrangePropertyList", dependencies: ["StormrangeBase"], swiftSettings: swiftSettings),
    .target(
      name: "StormrangeStore",
      dependencies: ["StormrangeBase", "StormrangeDomain", "StormrangePropertyList", "CExtendedAttributes"],
      swiftSettings: swiftSettings),
    .target(
      name: "StormrangeKit",
      dependencies: ["StormrangeBase", "StormrangeDomain", "StormrangePropertyList", "StormrangeStore"],
      swiftSettings: swiftSettings),
    .target(
      name: "StormrangeProcess",
      dependencies: [
        "StormrangeKit",
        "StormrangeStore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings),
    .executableTarget(
      name: "stormrange",
      dependencies: [
        "StormrangeProcess",
        "StormrangeKit",
        "StormrangeStore",
        "StormrangeBase",
        "CReadline",
        "CMosquitto",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),
    // Helpers the test targets share: a temporary directory, a seeded random number generator.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
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
      name: "StormrangeKitTests",
      dependencies: [
        "StormrangeKit", "StormrangeStore", "StormrangeDomain", "StormrangePropertyList", "StormrangeBase",
        "TestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "StormrangeProcessTests",
      dependencies: ["StormrangeProcess", "StormrangeKit", "StormrangeStore", "TestSupport"],
      swiftSettings: swiftSettings),
    // Synthetic storms from physics, and the scoring of `status` on them (Scripts/calibrate,
    // docs/science.md). The simulator imports nothing of the estimator it referees.
    .target(name: "StormSimulator", path: "Tests/StormSimulator", swiftSettings: optimisedSwiftSettings),
    .target(
      name: "NowcastCalibration", dependencies: ["StormSimulator", "StormrangeDomain"],
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

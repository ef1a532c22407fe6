// swift-tools-version:6.0
import PackageDescription

// The layers, each a target, each importing only the ones above it in this list, so the compiler
// refuses an import that points the wrong way (README, "Architecture"):
//   StormrangeBase          civil time, UTC and local time text, fixed-point numbers, display escaping
//   StormrangeDomain        measurements, speed of sound, units, storms, trend, uncertainty, advice
//   StormrangePropertyList  the property-list codec; knows nothing of storms
//   StormrangeStore         the history file and its transactions, durable files, the lock, settings
//   StormrangeKit           the application: interpreter, commands, rendering, exchange, batches
//   stormrange              the thin executable: flags, readline, signals, exit codes
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
    // Extended attributes (sys/xattr.h), in the C library but not in Swift's Glibc module.
    .systemLibrary(name: "CExtendedAttributes"),
    .target(name: "StormrangeBase"),
    .target(name: "StormrangeDomain", dependencies: ["StormrangeBase"]),
    .target(name: "StormrangePropertyList", dependencies: ["StormrangeBase"]),
    .target(
      name: "StormrangeStore",
      dependencies: ["StormrangeBase", "StormrangeDomain", "StormrangePropertyList", "CExtendedAttributes"]),
    .target(
      name: "StormrangeKit",
      dependencies: ["StormrangeBase", "StormrangeDomain", "StormrangePropertyList", "StormrangeStore"]),
    .executableTarget(
      name: "stormrange",
      dependencies: [
        "StormrangeKit",
        "StormrangeStore",
        "StormrangeBase",
        "CReadline",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Helpers the test targets share: a temporary directory, a seeded random number generator.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "StormrangeBaseTests", dependencies: ["StormrangeBase"]),
    .testTarget(
      name: "StormrangeDomainTests", dependencies: ["StormrangeDomain", "StormrangeBase", "TestSupport"]),
    .testTarget(
      name: "StormrangePropertyListTests", dependencies: ["StormrangePropertyList", "StormrangeBase"]),
    .testTarget(
      name: "StormrangeStoreTests",
      dependencies: [
        "StormrangeStore", "StormrangeDomain", "StormrangePropertyList", "TestSupport", "CExtendedAttributes",
      ]),
    .testTarget(
      name: "StormrangeKitTests",
      dependencies: [
        "StormrangeKit", "StormrangeStore", "StormrangeDomain", "StormrangePropertyList", "StormrangeBase",
        "TestSupport",
      ]),
    // Foundation's generic property-list coders on the same files, for Benchmarks/bench.py.
    .executableTarget(name: "stormrange-peer-benchmark", path: "Sources/PeerBenchmark"),
  ],
  swiftLanguageModes: [.v6]
)

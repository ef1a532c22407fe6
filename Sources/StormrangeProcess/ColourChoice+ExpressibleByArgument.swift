import ArgumentParser
import StormrangeRendering

/// `--color auto|always|never`: argument-parser reads the value, lists the three in help and
/// completion, and refuses any other with its usage error (status 2).
extension ColourChoice: ExpressibleByArgument {}

/// One key of a property-list dictionary.
package struct PropertyListEntry: Equatable, Sendable {
  package var key: String
  package var value: PropertyListValue

  package init(key: String, value: PropertyListValue) {
    self.key = key
    self.value = value
  }
}

import Testing

@testable import StormrangeRendering

@Suite struct CharacterRepertoireTests {
  @Test(arguments: [
    (["LANG": "en_US.UTF-8"], CharacterRepertoire.unicode),
    (["LC_ALL": "C.utf8", "LANG": "C"], .unicode),
    (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .ascii),
    (["LC_ALL": "", "LC_CTYPE": "de_DE.ISO-8859-1", "LANG": "en_US.UTF-8"], .ascii),
    (["LC_CTYPE": "de_DE.UTF-8", "LANG": "C"], .unicode),
    (["LANG": "POSIX"], .ascii),
    ([:], .ascii),
  ])
  func theLocaleDecidesTheCharacters(environment: [String: String], expected: CharacterRepertoire) {
    #expect(CharacterRepertoire.forLocale(environment: environment) == expected)
  }
}

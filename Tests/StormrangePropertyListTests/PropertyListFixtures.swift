import FoundationEssentials

@testable import StormrangePropertyList

/// Property lists written by other tools, embedded so the tests stay hermetic.
///
/// Generated once (Python 3.11, libplist-utils 2.2.0) from the value `sample` below:
///
///     sample = [
///       {"date": datetime.datetime(2026,7,1,16,3,0), "delay": 3.5, "distance": 1201.62,
///        "temperature": 21.0, "speedOfSound": 343.32,
///        "note": "Gewitter über dem Tal – 3 km & näher <fast> 🌩"},
///       {"date": datetime.datetime(1969,7,20,20,17,40), "delay": 12.0, "distance": 4116.0,
///        "temperature": -5.25, "speedOfSound": 328.1, "count": 42, "big": -9223372036854775808,
///        "max": 9223372036854775807, "flag": True, "off": False, "blob": bytes(range(40)),
///        "empty": b"",
///        "location": {"lat": 47.5, "lon": 8.25, "tags": ["a", "b", []], "meta": {}}},
///     ]
///     plistlib.dumps(sample, fmt=plistlib.FMT_XML, sort_keys=False)     # plistlibXML
///     plistlib.dumps(sample, fmt=plistlib.FMT_BINARY, sort_keys=False)  # plistlibBinaryHex
///     plistutil -i plistlib.bplist -o plistutil.xml -f xml                # plistutilXML
///     plistutil -i plistlib.xml -o plistutil.bplist -f bin                # plistutilBinaryHex
///
/// (The XML literals lack the files' final newline; binary files are hex, `bytes.hex()`.)
enum PropertyListFixtures {
  /// `sample` above as a `PropertyListValue`.
  static let sample: PropertyListValue = .array([
    .dictionary([
      PropertyListEntry(key: "date", value: .date(Date(timeIntervalSince1970: 1_782_921_780))),
      PropertyListEntry(key: "delay", value: .real(3.5)),
      PropertyListEntry(key: "distance", value: .real(1201.62)),
      PropertyListEntry(key: "temperature", value: .real(21.0)),
      PropertyListEntry(key: "speedOfSound", value: .real(343.32)),
      PropertyListEntry(key: "note", value: .string("Gewitter über dem Tal – 3 km & näher <fast> 🌩")),
    ]),
    .dictionary([
      PropertyListEntry(key: "date", value: .date(Date(timeIntervalSince1970: -14_182_940))),
      PropertyListEntry(key: "delay", value: .real(12.0)),
      PropertyListEntry(key: "distance", value: .real(4116.0)),
      PropertyListEntry(key: "temperature", value: .real(-5.25)),
      PropertyListEntry(key: "speedOfSound", value: .real(328.1)),
      PropertyListEntry(key: "count", value: .integer(42)),
      PropertyListEntry(key: "big", value: .integer(.min)),
      PropertyListEntry(key: "max", value: .integer(.max)),
      PropertyListEntry(key: "flag", value: .bool(true)),
      PropertyListEntry(key: "off", value: .bool(false)),
      PropertyListEntry(key: "blob", value: .data(Array(0..<40))),
      PropertyListEntry(key: "empty", value: .data([])),
      PropertyListEntry(
        key: "location",
        value: .dictionary([
          PropertyListEntry(key: "lat", value: .real(47.5)),
          PropertyListEntry(key: "lon", value: .real(8.25)),
          PropertyListEntry(key: "tags", value: .array([.string("a"), .string("b"), .array([])])),
          PropertyListEntry(key: "meta", value: .dictionary([])),
        ])),
    ]),
  ])

  static let plistlibXML = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <array>
    	<dict>
    		<key>date</key>
    		<date>2026-07-01T16:03:00Z</date>
    		<key>delay</key>
    		<real>3.5</real>
    		<key>distance</key>
    		<real>1201.62</real>
    		<key>temperature</key>
    		<real>21.0</real>
    		<key>speedOfSound</key>
    		<real>343.32</real>
    		<key>note</key>
    		<string>Gewitter über dem Tal – 3 km &amp; näher &lt;fast&gt; 🌩</string>
    	</dict>
    	<dict>
    		<key>date</key>
    		<date>1969-07-20T20:17:40Z</date>
    		<key>delay</key>
    		<real>12.0</real>
    		<key>distance</key>
    		<real>4116.0</real>
    		<key>temperature</key>
    		<real>-5.25</real>
    		<key>speedOfSound</key>
    		<real>328.1</real>
    		<key>count</key>
    		<integer>42</integer>
    		<key>big</key>
    		<integer>-9223372036854775808</integer>
    		<key>max</key>
    		<integer>9223372036854775807</integer>
    		<key>flag</key>
    		<true/>
    		<key>off</key>
    		<false/>
    		<key>blob</key>
    		<data>
    		AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJw==
    		</data>
    		<key>empty</key>
    		<data>
    		</data>
    		<key>location</key>
    		<dict>
    			<key>lat</key>
    			<real>47.5</real>
    			<key>lon</key>
    			<real>8.25</real>
    			<key>tags</key>
    			<array>
    				<string>a</string>
    				<string>b</string>
    				<array/>
    			</array>
    			<key>meta</key>
    			<dict/>
    		</dict>
    	</dict>
    </array>
    </plist>
    """#

  static let plistutilXML = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <array>
    	<dict>
    		<key>date</key>
    		<date>2026-07-01T16:03:00Z</date>
    		<key>delay</key>
    		<real>3.5</real>
    		<key>distance</key>
    		<real>1201.6199999999999</real>
    		<key>temperature</key>
    		<real>21</real>
    		<key>speedOfSound</key>
    		<real>343.31999999999999</real>
    		<key>note</key>
    		<string>Gewitter über dem Tal – 3 km &amp; näher &lt;fast&gt; 🌩</string>
    	</dict>
    	<dict>
    		<key>date</key>
    		<date>1969-07-20T20:17:40Z</date>
    		<key>delay</key>
    		<real>12</real>
    		<key>distance</key>
    		<real>4116</real>
    		<key>temperature</key>
    		<real>-5.25</real>
    		<key>speedOfSound</key>
    		<real>328.10000000000002</real>
    		<key>count</key>
    		<integer>42</integer>
    		<key>big</key>
    		<integer>-9223372036854775808</integer>
    		<key>max</key>
    		<integer>9223372036854775807</integer>
    		<key>flag</key>
    		<true/>
    		<key>off</key>
    		<false/>
    		<key>blob</key>
    		<data>
    		AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJw==
    		</data>
    		<key>empty</key>
    		<data>
    		</data>
    		<key>location</key>
    		<dict>
    			<key>lat</key>
    			<real>47.5</real>
    			<key>lon</key>
    			<real>8.25</real>
    			<key>tags</key>
    			<array>
    				<string>a</string>
    				<string>b</string>
    				<array/>
    			</array>
    			<key>meta</key>
    			<dict/>
    		</dict>
    	</dict>
    </array>
    </plist>
    """#

  static let plistlibBinaryHex = """
    62706c6973743030a2010ed602030405060708090a0b0c0d54646174655564656c61795864697374616e63655b74656d
    70657261747572655c73706565644f66536f756e64546e6f74653341c7fab8da00000023400c000000000000234092c6
    7ae147ae14234035000000000000234075751eb851eb856f102e00470065007700690074007400650072002000fc0062
    00650072002000640065006d002000540061006c00202013002000330020006b006d002000260020006e00e400680065
    00720020003c0066006100730074003e0020d83cdf29dd02030405060f101112131415161718191a1b1c1d1e1f202122
    2355636f756e7453626967536d617854666c6167536f666654626c6f6255656d707479586c6f636174696f6e33c1cd94
    194e0000002340280000000000002340b014000000000023c01500000000000023407481999999999a102a1380000000
    00000000137fffffffffffffff09084f1028000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d
    1e1f202122232425262740d42425262728292a2e536c6174536c6f6e5474616773546d657461234047c0000000000023
    4020800000000000a32b2c2d51615162a0d00008000b0018001d0023002c00380045004a0053005c0065006e007700d6
    00f100f700fb00ff01040108010d0113011c0125012e013701400149014b0154015d015e015f018a018b01940198019c
    01a101a601af01b801bc01be01c001c10000000000000201000000000000002f000000000000000000000000000001c2
    """

  static let plistutilBinaryHex = """
    62706c6973743030a2010ed6020406080a0c030507090b0d54646174653341c7fab8da0000005564656c617922406000
    005864697374616e6365234092c67ae147ae145b74656d70657261747572652241a800005c73706565644f66536f756e
    64234075751eb851eb85546e6f74656f102e00470065007700690074007400650072002000fc00620065007200200064
    0065006d002000540061006c00202013002000330020006b006d002000260020006e00e40068006500720020003c0066
    006100730074003e0020d83cdf29dd020406080a1416181a1c1e20220f101112131517191b1d1f212333c1cd94194e00
    00002241400000224580a00022c0a8000023407481999999999a55636f756e74102a5362696713800000000000000053
    6d6178137fffffffffffffff54666c616709536f66660854626c6f624f1028000102030405060708090a0b0c0d0e0f10
    1112131415161718191a1b1c1d1e1f202122232425262755656d70747940586c6f636174696f6ed42426282d2527292e
    536c617422423e0000536c6f6e22410400005474616773a32a2b2c51615162a0546d657461d00008000b0018001d0026
    002c0031003a0043004f00540061006a006f00ce00e900f200f700fc0101010a011001120116011f0123012c01310132
    01360137013c0167016d016e0177018001840189018d01920197019b019d019f01a001a5000000000000020100000000
    0000002f000000000000000000000000000001a6
    """

  /// Bytes from a hex literal (whitespace ignored).
  static func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: " ") })
    return stride(from: 0, to: digits.count - 1, by: 2).map { index in
      UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) ?? 0
    }
  }

  /// A string fixture as the bytes of the file it came from.
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}

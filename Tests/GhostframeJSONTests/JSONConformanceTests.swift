import Testing
@testable import _GhostframeJSON
import GhostframeCore
import GhostframeTestSupport

/// Parses bytes through the validating entry point.
func parseJSON(bytes: [UInt8], limits: JSONLimits = .default) throws(GhostframeError) -> JSONValue {
  let result = bytes.withUnsafeBufferPointer { buffer in
    Result { () throws(GhostframeError) -> JSONValue in try JSONValue(parsing: buffer, limits: limits) }
  }
  return try result.get()
}

/// JSONTestSuite-style cases (github.com/nst/JSONTestSuite), written inline: `y_` must be
/// accepted with the given value, `n_` rejected. Texts go through both entry points.
@Suite struct JSONConformanceTests {
  static let accepted: [(String, String, JSONValue)] = [
    ("y_array_arraysWithSpaces", "[[]   ]", [[]]),
    ("y_array_empty", "[]", []),
    ("y_array_empty-string", "[\"\"]", [""]),
    ("y_array_false", "[false]", [false]),
    ("y_array_heterogeneous", "[null, 1, \"1\", {}]", [.null, 1, "1", .object([:])]),
    ("y_array_null", "[null]", [.null]),
    ("y_array_with_1_and_newline", "[1\n]", [1]),
    ("y_array_with_leading_space", " [1]", [1]),
    ("y_array_with_several_null", "[1,null,null,null,2]", [1, .null, .null, .null, 2]),
    ("y_array_with_trailing_space", "[2] ", [2]),
    ("y_number", "[123e65]", [.number(123e65)]),
    ("y_number_0e+1", "[0e+1]", [0]),
    ("y_number_0e1", "[0e1]", [0]),
    ("y_number_after_space", "[ 4]", [4]),
    ("y_number_double_close_to_zero", "[-0.000000000000000000000000000000000000000000000000000000000000000000000000000001]",
     [.number(-1e-78)]),
    ("y_number_int_with_exp", "[20e1]", [200]),
    ("y_number_negative_int", "[-123]", [-123]),
    ("y_number_negative_one", "[-1]", [-1]),
    ("y_number_negative_zero", "[-0]", [.number(-0.0)]),
    ("y_number_real_capital_e", "[1E22]", [.number(1e22)]),
    ("y_number_real_capital_e_neg_exp", "[1E-2]", [0.01]),
    ("y_number_real_capital_e_pos_exp", "[1E+2]", [100]),
    ("y_number_real_exponent", "[123e45]", [.number(123e45)]),
    ("y_number_real_fraction_exponent", "[123.456e78]", [.number(123.456e78)]),
    ("y_number_real_neg_exp", "[1e-2]", [0.01]),
    ("y_number_real_pos_exponent", "[1e+2]", [100]),
    ("y_number_simple_int", "[123]", [123]),
    ("y_number_simple_real", "[123.456789]", [123.456789]),
    ("y_number_exponent_leading_zeros", "[1e007]", [.number(1e7)]),
    ("y_number_largest", "[1.7976931348623157e308]", [.number(.greatestFiniteMagnitude)]),
    ("y_number_rounds_down_to_largest", "[1.7976931348623158e308]", [.number(.greatestFiniteMagnitude)]),
    ("y_number_smallest_subnormal", "[5e-324]", [.number(.leastNonzeroMagnitude)]),
    ("y_number_16_digit_int", "[1234567890123456789]", [.number(1.2345678901234568e+18)]),
    ("y_object", "{\"asd\":\"sdf\", \"dfg\":\"fgh\"}", ["asd": "sdf", "dfg": "fgh"]),
    ("y_object_basic", "{\"asd\":\"sdf\"}", ["asd": "sdf"]),
    ("y_object_empty", "{}", .object([:])),
    ("y_object_empty_key", "{\"\":0}", ["": 0]),
    ("y_object_escaped_null_in_key", "{\"foo\\u0000bar\": 42}", ["foo\u{0}bar": 42]),
    ("y_object_extreme_numbers", "{ \"min\": -1.0e+28, \"max\": 1.0e+28 }", ["min": -1e28, "max": 1e28]),
    ("y_object_simple", "{\"a\":[]}", ["a": []]),
    ("y_object_string_unicode", "{\"title\":\"\\u041f\\u043e\\u043b\\u0442\\u043e\\u0440\\u0430 \\u0417\\u0435\\u043c\\u043b\\u0435\\u043a\\u043e\\u043f\\u0430\" }",
     ["title": "Полтора Землекопа"]),
    ("y_object_with_newlines", "{\n\"a\": \"b\"\n}", ["a": "b"]),
    ("y_object_nested", "{\"a\":{\"b\":{\"c\":[1,{\"d\":null}]}}}", ["a": ["b": ["c": [1, ["d": .null]]]]]),
    ("y_string_1_2_3_bytes_UTF-8_sequences", "[\"\\u0060\\u012a\\u12AB\"]", ["\u{60}\u{12A}\u{12AB}"]),
    ("y_string_accepted_surrogate_pair", "[\"\\uD801\\udc37\"]", ["\u{10437}"]),
    ("y_string_accepted_surrogate_pairs", "[\"\\ud83d\\ude39\\ud83d\\udc8d\"]", ["\u{1F639}\u{1F48D}"]),
    ("y_string_allowed_escapes", "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]", ["\"\\/\u{8}\u{C}\n\r\t"]),
    ("y_string_backslash_and_u_escaped_zero", "[\"\\\\u0000\"]", ["\\u0000"]),
    ("y_string_backslash_doublequotes", "[\"\\\"\"]", ["\""]),
    ("y_string_comments", "[\"a/*b*/c/*d//e\"]", ["a/*b*/c/*d//e"]),
    ("y_string_double_escape_a", "[\"\\\\a\"]", ["\\a"]),
    ("y_string_double_escape_n", "[\"\\\\n\"]", ["\\n"]),
    ("y_string_escaped_control_character", "[\"\\u0012\"]", ["\u{12}"]),
    ("y_string_escaped_noncharacter", "[\"\\uFFFF\"]", ["\u{FFFF}"]),
    ("y_string_in_array_with_leading_space", "[ \"asd\"]", ["asd"]),
    ("y_string_last_surrogates_1_and_2", "[\"\\uDBFF\\uDFFF\"]", ["\u{10FFFF}"]),
    ("y_string_nbsp_uescaped", "[\"new\\u00A0line\"]", ["new\u{A0}line"]),
    ("y_string_nonCharacterInUTF-8_U+10FFFF", "[\"\u{10FFFF}\"]", ["\u{10FFFF}"]),
    ("y_string_nonCharacterInUTF-8_U+FFFF", "[\"\u{FFFF}\"]", ["\u{FFFF}"]),
    ("y_string_null_escape", "[\"\\u0000\"]", ["\u{0}"]),
    ("y_string_one-byte-utf-8", "[\"\\u002c\"]", [","]),
    ("y_string_pi", "[\"π\"]", ["π"]),
    ("y_string_reservedCharacterInUTF-8_U+1BFFF", "[\"\u{1BFFF}\"]", ["\u{1BFFF}"]),
    ("y_string_space", "\" \"", " "),
    ("y_string_surrogates_U+1D11E_MUSICAL_SYMBOL_G_CLEF", "[\"\\uD834\\uDd1e\"]", ["\u{1D11E}"]),
    ("y_string_three-byte-utf-8", "[\"\\u0821\"]", ["\u{821}"]),
    ("y_string_two-byte-utf-8", "[\"\\u0123\"]", ["\u{123}"]),
    ("y_string_u+2028_line_sep", "[\"\u{2028}\"]", ["\u{2028}"]),
    ("y_string_u+2029_par_sep", "[\"\u{2029}\"]", ["\u{2029}"]),
    ("y_string_uEscape", "[\"\\u0061\\u30af\\u30EA\\u30b9\"]", ["aクリス"]),
    ("y_string_uescaped_newline", "[\"new\\u000Aline\"]", ["new\nline"]),
    ("y_string_unescaped_char_delete", "[\"\u{7F}\"]", ["\u{7F}"]),
    ("y_string_unicodeEscapedBackslash", "[\"\\u005C\"]", ["\\"]),
    ("y_string_utf8", "[\"€𝄞\"]", ["€𝄞"]),
    ("y_string_escape_then_text", "[\"a\\tb\\u00e9c\"]", ["a\tbéc"]),
    ("y_structure_lonely_false", "false", false),
    ("y_structure_lonely_int", "42", 42),
    ("y_structure_lonely_negative_real", "-0.1", -0.1),
    ("y_structure_lonely_null", "null", .null),
    ("y_structure_lonely_string", "\"asd\"", "asd"),
    ("y_structure_lonely_true", "true", true),
    ("y_structure_string_empty", "\"\"", ""),
    ("y_structure_trailing_newline", "[\"a\"]\n", ["a"]),
    ("y_structure_true_in_array", "[true]", [true]),
    ("y_structure_whitespace_array", " \t\r\n[ \t\r\n] \t\r\n", []),
    // Implementation-defined (i_) cases, decided here:
    ("i_structure_UTF-8_BOM_empty_object", "\u{FEFF}{}", .object([:])),
    ("i_number_double_huge_neg_exp (underflow to 0)", "[123.456e-789]", [0]),
    ("i_number_real_underflow", "[123e-10000000]", [0]),
    ("i_number_neg_underflow (to -0)", "[-1e-400]", [.number(-0.0)]),
    ("i_number_very_big_negative_int", "[-237462374673276894279832749832423479823246327846]",
     [.number(-2.374623746732769e+47)]),
  ]

  @Test func acceptedDocuments() throws {
    for (name, text, expected) in Self.accepted {
      let fromString = try JSONValue(parsing: text)
      #expect(fromString == expected, "\(name)")
      #expect(try parseJSON(bytes: Array(text.utf8)) == expected, "\(name) as bytes")
    }
  }

  @Test func negativeZeroAndUnderflowKeepTheirSign() throws {
    for (text, isNegative) in [("-0", true), ("-0.0", true), ("-0e5", true), ("0", false), ("-1e-400", true), ("1e-400", false)] {
      guard case .number(let number) = try JSONValue(parsing: text) else {
        Issue.record("\(text) is not a number")
        continue
      }
      #expect(number == 0 && (number.sign == .minus) == isNegative, "\(text)")
    }
  }

  static let rejected: [(String, String)] = [
    ("n_array_1_true_without_comma", "[1 true]"),
    ("n_array_colon_instead_of_comma", "[\"\": 1]"),
    ("n_array_comma_after_close", "[\"\"],"),
    ("n_array_comma_and_number", "[,1]"),
    ("n_array_double_comma", "[1,,2]"),
    ("n_array_double_extra_comma", "[\"x\",,]"),
    ("n_array_extra_close", "[\"x\"]]"),
    ("n_array_extra_comma", "[\"\",]"),
    ("n_array_incomplete", "[\"x\""),
    ("n_array_incomplete_invalid_value", "[x"),
    ("n_array_inner_array_no_comma", "[3[4]]"),
    ("n_array_items_separated_by_semicolon", "[1:2]"),
    ("n_array_just_comma", "[,]"),
    ("n_array_just_minus", "[-]"),
    ("n_array_missing_value", "[   , \"\"]"),
    ("n_array_newlines_unclosed", "[\"a\",\n4\n,1,"),
    ("n_array_number_and_comma", "[1,]"),
    ("n_array_number_and_several_commas", "[1,,]"),
    ("n_array_spaces_vertical_tab_formfeed", "[\"\u{B}a\"\u{C}]"),
    ("n_array_star_inside", "[*]"),
    ("n_array_unclosed", "[\"\""),
    ("n_array_unclosed_trailing_comma", "[1,"),
    ("n_array_unclosed_with_new_lines", "[1,\n1\n,1"),
    ("n_array_unclosed_with_object_inside", "[{}"),
    ("n_incomplete_false", "[fals]"),
    ("n_incomplete_null", "[nul]"),
    ("n_incomplete_true", "[tru]"),
    ("n_multidigit_number_then_00", "123\u{0}"),
    ("n_number_++", "[++1234]"),
    ("n_number_+1", "[+1]"),
    ("n_number_+Inf", "[+Inf]"),
    ("n_number_-01", "[-01]"),
    ("n_number_-1.0.", "[-1.0.]"),
    ("n_number_-2.", "[-2.]"),
    ("n_number_-NaN", "[-NaN]"),
    ("n_number_.-1", "[.-1]"),
    ("n_number_.2e-3", "[.2e-3]"),
    ("n_number_0.1.2", "[0.1.2]"),
    ("n_number_0.3e+", "[0.3e+]"),
    ("n_number_0.3e", "[0.3e]"),
    ("n_number_0.e1", "[0.e1]"),
    ("n_number_0_capital_E+", "[0E+]"),
    ("n_number_0_capital_E", "[0E]"),
    ("n_number_0e+", "[0e+]"),
    ("n_number_0e", "[0e]"),
    ("n_number_1.0e+", "[1.0e+]"),
    ("n_number_1.0e-", "[1.0e-]"),
    ("n_number_1_000", "[1 000.0]"),
    ("n_number_1eE2", "[1eE2]"),
    ("n_number_2.e+3", "[2.e+3]"),
    ("n_number_9.e+", "[9.e+]"),
    ("n_number_Inf", "[Inf]"),
    ("n_number_NaN", "[NaN]"),
    ("n_number_U+FF11_fullwidth_digit_one", "[\u{FF11}]"),
    ("n_number_expression", "[1+2]"),
    ("n_number_hex_1_digit", "[0x1]"),
    ("n_number_hex_2_digits", "[0x42]"),
    ("n_number_infinity", "[Infinity]"),
    ("n_number_invalid+-", "[0e+-1]"),
    ("n_number_invalid-negative-real", "[-123.123foo]"),
    ("n_number_minus_infinity", "[-Infinity]"),
    ("n_number_minus_sign_with_trailing_garbage", "[-foo]"),
    ("n_number_minus_space_1", "[- 1]"),
    ("n_number_neg_int_starting_with_zero", "[-012]"),
    ("n_number_neg_real_without_int_part", "[-.123]"),
    ("n_number_neg_with_garbage_at_end", "[-1x]"),
    ("n_number_real_garbage_after_e", "[1ea]"),
    ("n_number_real_without_fractional_part", "[1.]"),
    ("n_number_starting_with_dot", "[.123]"),
    ("n_number_with_alpha", "[1.2a-3]"),
    ("n_number_with_leading_zero", "[012]"),
    ("n_number_double_zero", "[00]"),
    ("n_number_huge_exp (out of range)", "[0.4e00669999999999999999999999999999999999999999999999999969999999006]"),
    ("n_number_1E400 (out of range)", "[1E400]"),
    ("n_number_-1e400 (out of range)", "[-1e400]"),
    ("n_number_just_above_largest (out of range)", "[1.7976931348623159e308]"),
    ("n_number_long_int (out of range)", "[1" + String(repeating: "0", count: 400) + "]"),
    ("n_object_bad_value", "[\"x\", truth]"),
    ("n_object_bracket_key", "{[: \"x\"}"),
    ("n_object_comma_instead_of_colon", "{\"x\", null}"),
    ("n_object_double_colon", "{\"x\"::\"b\"}"),
    ("n_object_emoji", "{🇨🇭}"),
    ("n_object_garbage_at_end", "{\"a\":\"a\" 123}"),
    ("n_object_key_with_single_quotes", "{key: 'value'}"),
    ("n_object_missing_colon", "{\"a\" b}"),
    ("n_object_missing_key", "{:\"b\"}"),
    ("n_object_missing_semicolon", "{\"a\" \"b\"}"),
    ("n_object_missing_value", "{\"a\":"),
    ("n_object_no-colon", "{\"a\""),
    ("n_object_non_string_key", "{1:1}"),
    ("n_object_repeated_null_null", "{null:null,null:null}"),
    ("n_object_several_trailing_commas", "{\"id\":0,,,,,}"),
    ("n_object_single_quote", "{'a':0}"),
    ("n_object_trailing_comma", "{\"id\":0,}"),
    ("n_object_trailing_comment", "{\"a\":\"b\"}/**/"),
    ("n_object_trailing_comment_slash_open", "{\"a\":\"b\"}//"),
    ("n_object_two_commas_in_a_row", "{\"a\":\"b\",,\"c\":\"d\"}"),
    ("n_object_unquoted_key", "{a: \"b\"}"),
    ("n_object_unterminated-value", "{\"a\":\"a"),
    ("n_object_with_single_string", "{ \"foo\" : \"bar\", \"a\" }"),
    ("n_object_with_trailing_garbage", "{\"a\":\"b\"}#"),
    ("n_object_duplicated_key", "{\"a\":\"b\",\"a\":\"c\"}"),
    ("n_object_duplicated_key_and_value", "{\"a\":\"b\",\"a\":\"b\"}"),
    ("n_object_duplicated_key_escaped", "{\"a\":1,\"\\u0061\":2}"),
    ("n_object_duplicated_key_nested", "{\"x\":{\"a\":1,\"b\":2,\"a\":3}}"),
    ("n_object_duplicated_key_in_large_object",
     "{" + (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k7\":0}"),
    ("n_single_space", " "),
    ("n_string_1_surrogate_then_escape", "[\"\\uD800\\\"]"),
    ("n_string_1_surrogate_then_escape_u", "[\"\\uD800\\u\"]"),
    ("n_string_1_surrogate_then_escape_u1", "[\"\\uD800\\u1\"]"),
    ("n_string_1_surrogate_then_escape_u1x", "[\"\\uD800\\u1x\"]"),
    ("n_string_lone_high_surrogate", "[\"\\uD800\"]"),
    ("n_string_lone_high_surrogate_then_text", "[\"\\uD800abc\"]"),
    ("n_string_lone_low_surrogate", "[\"\\uDC00\"]"),
    ("n_string_two_high_surrogates", "[\"\\uD800\\uD800\"]"),
    ("n_string_reversed_surrogates", "[\"\\uDC00\\uD800\"]"),
    ("n_string_accentuated_char_no_quotes", "[é]"),
    ("n_string_backslash_00", "[\"\\\u{0}\"]"),
    ("n_string_escape_x", "[\"\\x00\"]"),
    ("n_string_escaped_backslash_bad", "[\"\\\\\\\"]"),
    ("n_string_escaped_ctrl_char_tab", "[\"\\\t\"]"),
    ("n_string_escaped_emoji", "[\"\\🌀\"]"),
    ("n_string_incomplete_escape", "[\"\\\"]"),
    ("n_string_incomplete_escaped_character", "[\"\\u00A\"]"),
    ("n_string_incomplete_surrogate", "[\"\\uD834\\uDd\"]"),
    ("n_string_invalid_backslash_esc", "[\"\\a\"]"),
    ("n_string_invalid_unicode_escape", "[\"\\uqqqq\"]"),
    ("n_string_capital_U_escape", "[\"\\UA66D\"]"),
    ("n_string_leading_uescaped_thinspace", "[\\u0020\"asd\"]"),
    ("n_string_no_quotes_with_bad_escape", "[\\n]"),
    ("n_string_single_doublequote", "\""),
    ("n_string_single_quote", "['single quote']"),
    ("n_string_single_string_no_double_quotes", "abc"),
    ("n_string_start_escape_unclosed", "[\"\\"),
    ("n_string_unescaped_ctrl_char", "[\"a\u{0}a\"]"),
    ("n_string_unescaped_newline", "[\"new\nline\"]"),
    ("n_string_unescaped_tab", "[\"\t\"]"),
    ("n_string_unescaped_carriage_return", "[\"a\rb\"]"),
    ("n_string_unescaped_unit_separator", "[\"\u{1F}\"]"),
    ("n_string_with_trailing_garbage", "\"\"x"),
    ("n_structure_angle_bracket_.", "<.>"),
    ("n_structure_angle_bracket_null", "[<null>]"),
    ("n_structure_array_trailing_garbage", "[1]x"),
    ("n_structure_array_with_extra_array_close", "[1]]"),
    ("n_structure_array_with_unclosed_string", "[\"asd]"),
    ("n_structure_ascii-unicode-identifier", "aå"),
    ("n_structure_capitalized_True", "[True]"),
    ("n_structure_close_unopened_array", "1]"),
    ("n_structure_comma_instead_of_closing_brace", "{\"x\": true,"),
    ("n_structure_double_array", "[][]"),
    ("n_structure_end_array", "]"),
    ("n_structure_lone-open-bracket", "["),
    ("n_structure_no_data", ""),
    ("n_structure_null-byte-outside-string", "[\u{0}]"),
    ("n_structure_number_with_trailing_garbage", "2@"),
    ("n_structure_object_followed_by_closing_object", "{}}"),
    ("n_structure_object_unclosed_no_value", "{\"\":"),
    ("n_structure_object_with_comment", "{\"a\":/*comment*/\"b\"}"),
    ("n_structure_object_with_trailing_garbage", "{\"a\": true} \"x\""),
    ("n_structure_open_array_apostrophe", "['"),
    ("n_structure_open_array_comma", "[,"),
    ("n_structure_open_object", "{"),
    ("n_structure_open_object_close_array", "{]"),
    ("n_structure_single_star", "*"),
    ("n_structure_trailing_#", "{\"a\":\"b\"}#{}"),
    ("n_structure_uescaped_LF_before_string", "[\\u000A\"\"]"),
    ("n_structure_unclosed_array", "[1"),
    ("n_structure_unicode-identifier", "å"),
    ("n_structure_whitespace_U+2060_word_joiner", "[\u{2060}]"),
    ("n_structure_whitespace_formfeed", "[\u{C}]"),
    ("n_structure_whitespace_nbsp", "[\u{A0}1]"),
    ("n_structure_UTF8_BOM_no_data", "\u{FEFF}"),
    ("n_structure_BOM_not_at_start", " \u{FEFF}[]"),
    ("n_structure_two_values", "1 2"),
    ("n_structure_comment_line", "// c\n[]"),
    ("n_structure_single_quoted_string", "'a'"),
    ("n_literal_uppercase_null", "NULL"),
    ("n_literal_nan", "NaN"),
    ("n_literal_undefined", "undefined"),
  ]

  @Test func rejectedDocuments() {
    for (name, text) in Self.rejected {
      expectError(.parse, "\(name)") { _ = try JSONValue(parsing: text) }
      expectError(.parse, "\(name) as bytes") { _ = try parseJSON(bytes: Array(text.utf8)) }
    }
  }

  @Test func outOfRangeNumbersSaySo() {
    for text in ["1E400", "-1e400", "[1.7976931348623159e308]", "1" + String(repeating: "0", count: 309)] {
      let error = expectError(.parse, "\(text.prefix(20))") { _ = try JSONValue(parsing: text) }
      #expect(error?.message.contains("number out of range") == true, "\(error?.message ?? "")")
    }
  }

  @Test func invalidUTF8IsItsOwnError() {
    let cases: [(String, [UInt8], Int)] = [
      ("n_string_invalid_utf-8", Array("[\"".utf8) + [0xFF] + Array("\"]".utf8), 2),
      ("n_array_a_invalid_utf8", Array("[a".utf8) + [0xE5, 0x5D], 2),
      ("n_string_invalid_utf8_after_escape", Array("[\"\\".utf8) + [0xE5, 0x22, 0x5D], 3),
      ("n_string_lone_continuation_byte", Array("[\"".utf8) + [0x80] + Array("\"]".utf8), 2),
      ("n_string_overlong_slash", Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8), 2),
      ("n_string_overlong_3_bytes", Array("[\"".utf8) + [0xE0, 0x80, 0xAF] + Array("\"]".utf8), 2),
      ("n_string_overlong_4_bytes", Array("[\"".utf8) + [0xF0, 0x80, 0x80, 0xAF] + Array("\"]".utf8), 2),
      ("n_string_UTF-16_surrogate_encoded", Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), 2),
      ("n_string_above_10FFFF", Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8), 2),
      ("n_string_5_byte_form", Array("[\"".utf8) + [0xF8, 0x88, 0x80, 0x80, 0x80] + Array("\"]".utf8), 2),
      ("n_string_truncated_3_byte", Array("[\"".utf8) + [0xE6, 0x97] + Array("\"]".utf8), 2),
      ("n_string_truncated_at_end", Array("[\"aé".utf8) + [0xF0, 0x9F], 5),
      ("n_string_iso_latin_1", Array("[\"".utf8) + [0xE9] + Array("\"]".utf8), 2),
      ("n_utf16_bom", [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], 0),
      ("n_late_invalid_byte_after_ascii_run", Array("[\"abcdefghijklmnopqrstuvwxyz\", \"".utf8) + [0xC1, 0x81] + Array("\"]".utf8), 32),
    ]
    for (name, bytes, offset) in cases {
      let error = expectError(.invalidUTF8, "\(name)") { _ = try parseJSON(bytes: bytes) }
      #expect(error?.message.contains("byte offset \(offset) ") == true, "\(name): \(error?.message ?? "")")
    }
  }

  @Test func validUTF8BytesAreAccepted() throws {
    // Every length of sequence, at the edges of each valid range.
    let text = "[\"\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}\"]"
    #expect(try parseJSON(bytes: Array(text.utf8)) == ["\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}"])
  }

  @Test func emptyBufferWithoutBaseAddressIsAParseError() {
    expectError(.parse) { _ = try JSONValue(parsing: UnsafeBufferPointer(start: nil, count: 0)) }
  }
}

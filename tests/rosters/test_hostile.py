"""Broken and hostile files get a clear ``roster/...`` error value, never an exception."""

from __future__ import annotations

import io
import json
import random
import tracemalloc
import zipfile

import pytest

from vantage.rosters import Army, RosterError, import_roster
from vantage.rosters.importer import MAX_FILE_BYTES
from vantage.rosters.rosz import MAX_MEMBERS, MAX_UNCOMPRESSED
from vantage.rosters.tree import MAX_DEPTH, MAX_NODES

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<roster id="x" name="&lol4;"><forces/></roster>
"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE roster [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<roster id="x" name="&secret;"/>
"""


def _error(name: str, data: bytes) -> RosterError:
    result = import_roster(name, data)
    assert isinstance(result, RosterError), result
    assert result.message.startswith(f"{name}: ")
    assert result.to_json()["code"] == result.code
    return result


def _zip(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buf.getvalue()


@pytest.mark.parametrize("data", [BILLION_LAUGHS, EXTERNAL_ENTITY])
def test_dtds_and_entities_are_refused(data: bytes) -> None:
    error = _error("evil.ros", data)
    assert error.code == "roster/unsafe_xml"
    assert "DTD" in error.message


def test_unsafe_xml_inside_a_rosz_is_refused_too() -> None:
    assert _error("evil.rosz", _zip({"evil.ros": BILLION_LAUGHS})).code == "roster/unsafe_xml"


def test_a_zip_bomb_is_refused_with_bounded_memory() -> None:
    buf = io.BytesIO()
    with (
        zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("bomb.ros", "w", force_zip64=True) as member,
    ):
        block = b"\0" * (1024 * 1024)
        for _ in range(64):
            member.write(block)
    data = buf.getvalue()
    assert len(data) < 200_000
    tracemalloc.start()
    try:
        error = _error("bomb.rosz", data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert error.code == "roster/too_large"
    assert peak < 3 * MAX_UNCOMPRESSED


def test_a_member_that_expands_too_much_is_refused() -> None:
    error = _error("ratio.rosz", _zip({"x.ros": b"<roster>" + b" " * (MAX_UNCOMPRESSED // 2)}))
    assert error.code == "roster/too_large"
    assert "zip bomb" in error.message


def test_a_zip_with_many_members_is_refused() -> None:
    error = _error("many.rosz", _zip({f"m{i}.ros": b"<roster/>" for i in range(500)}))
    assert error.code == "roster/bad_zip"
    assert "500 entries" in error.message


@pytest.mark.parametrize(
    ("members", "expect"),
    [
        ({"a.ros": b"<roster/>", "b.ros": b"<roster/>"}, "2 files"),
        ({}, "0 files"),
        ({"inner.rosz": _zip({"a.ros": b"<roster/>"})}, "another zip"),
    ],
)
def test_a_rosz_holds_exactly_one_roster(members: dict[str, bytes], expect: str) -> None:
    assert MAX_MEMBERS >= 2
    error = _error("odd.rosz", _zip(members))
    assert error.code == "roster/bad_zip"
    assert expect in error.message


def test_a_truncated_zip_is_refused(ros_bytes: bytes) -> None:
    data = _zip({"a.ros": ros_bytes})
    assert _error("cut.rosz", data[: len(data) // 2]).code == "roster/bad_zip"


def test_a_member_with_no_name_is_not_a_roster(ros_bytes: bytes) -> None:
    """Found by the fuzz test: a damaged directory named a member "" and the zip reader's own
    directory test failed on it (an IndexError, not a refusal)."""
    import io
    import zipfile

    def with_nameless(members: dict[str, bytes]) -> bytes:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as archive:
            archive.writestr(zipfile.ZipInfo(""), b"?")
            for name, data in members.items():
                archive.writestr(name, data)
        return buf.getvalue()

    assert isinstance(import_roster("x.rosz", with_nameless({"a.ros": ros_bytes})), Army)
    assert _error("x.rosz", with_nameless({})).code == "roster/bad_zip"


def test_mac_junk_beside_the_roster_is_ignored(ros_bytes: bytes) -> None:
    data = _zip({"a.ros": ros_bytes, "__MACOSX/._a.ros": b"\0\5\26\7"})
    assert isinstance(import_roster("mac.rosz", data), Army)


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "roster/empty"),
        (b"  \n\t ", "roster/empty"),
        (b"Shard Wardens x10, Prism Strider", "roster/not_a_roster"),
        (b"\x00\x9c" + random.Random(7).randbytes(4096), "roster/not_a_roster"),
        (b"<roster id='x'><forces>", "roster/bad_xml"),
        (b"<html><body>hello</body></html>", "roster/not_a_roster"),
        (b"\xff\xfe<\0r\0", "roster/bad_xml"),
        (b'{"roster": ', "roster/bad_json"),
        (b'{"name": "not a roster"}', "roster/not_a_roster"),
        (b'{"roster": 5}', "roster/not_a_roster"),
        (b"[1, 2, 3]", "roster/not_a_roster"),
        (b'{"roster": {"a": "\xff"}}', "roster/bad_json"),
        (b"{" + b'"a":[' * 100_000, "roster/bad_json"),
    ],
)
def test_broken_files(data: bytes, code: str) -> None:
    assert _error("upload.bin", data).code == code


def test_a_file_over_the_size_limit_is_refused() -> None:
    error = _error("huge.ros", b"<roster>" + b" " * MAX_FILE_BYTES + b"</roster>")
    assert error.code == "roster/too_large"
    assert "MiB" in error.message


def test_deep_nesting_is_refused() -> None:
    xml = b"<roster>" + b"<a x='1'>" * (MAX_DEPTH + 5) + b"</a>" * (MAX_DEPTH + 5) + b"</roster>"
    assert _error("deep.ros", xml).code == "roster/too_large"
    doc: dict[str, object] = {}
    node = doc
    for _ in range(MAX_DEPTH + 5):
        child: dict[str, object] = {}
        node["selections"] = [child]
        node = child
    assert _error("deep.json", json.dumps({"roster": doc}).encode()).code == "roster/too_large"


def test_too_many_elements_are_refused() -> None:
    xml = b"<roster><costs>" + b"<cost/>" * (MAX_NODES + 1) + b"</costs></roster>"
    error = _error("wide.ros", xml)
    assert error.code == "roster/too_large"
    assert str(MAX_NODES) in error.message


def test_an_absurd_model_count_is_refused(ros_bytes: bytes) -> None:
    data = ros_bytes.replace(b'entryId="e-101" number="4"', b'entryId="e-101" number="4000000"')
    error = _error("horde.ros", data)
    assert error.code == "roster/too_large"
    assert "'Shard Warden' has 4000000 models" in error.message
    assert error.detail["field"].endswith(".number")


def test_an_empty_roster_is_an_empty_army() -> None:
    army = import_roster("empty.ros", b"<roster id='r' name='Nothing yet'/>")
    assert isinstance(army, Army)
    assert army.units == ()


def test_the_file_name_in_messages_is_only_its_base_name() -> None:
    error = import_roster("C:\\Users\\me\\lists/army.ros", b"nope")
    assert isinstance(error, RosterError)
    assert error.message.startswith("army.ros: ")
    assert error.detail == {"file": "army.ros"}


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        (b'{"roster":{"name":"\\ud800x","id":"r"}}', "roster.name"),
        (b'{"roster":{"id":"r","costs":[{"name":"\\udfff"}]}}', "roster.costs[0].name"),
        (
            b'{"roster":{"forces":[{"selections":[{"profiles":[{"characteristics":'
            b'[{"name":"M","$text":"6\\udc00"}]}]}]}]}}',
            "roster.forces[0].selections[0].profiles[0].characteristics[0].$text",
        ),
        (b'{"roster":{"\\ud800":"x"}}', "roster.\\ud800"),
        (b'{"roster":{"name":"a\\u0000b","id":"r"}}', "roster.name"),
    ],
)
def test_an_unpaired_surrogate_is_refused_naming_the_field(doc: bytes, field: str) -> None:
    """Found by an audit: ``"\\ud800"`` imported, then the answer could not be serialised (500).
    A NUL imported, then the game could not be stored on PostgreSQL."""
    error = _error("s.json", doc)
    assert error.code == "roster/bad_value"
    assert error.detail["field"] == field
    assert f"{field}: must be valid text" in error.message
    error.message.encode("utf-8")  # the answer itself is valid text


def test_a_stored_army_with_an_unpaired_surrogate_is_refused() -> None:
    from vantage.rosters import army_from_json

    with pytest.raises(ValueError, match=r"^name: must be text"):
        army_from_json({"name": "\ud800", "edition": "wh40k-10e", "units": []})


def _units_ros(*units: str) -> bytes:
    return (
        '<roster id="r" name="n" gameSystemId="sys-352e-adc2-7639-d6a9"><forces>'
        f'<force id="f"><selections>{"".join(units)}</selections></force></forces></roster>'
    ).encode()


def _unit(uid: str, groups: int, per_group: int, extra: str = "") -> str:
    models = "".join(
        f'<selection id="{uid}m{i}" name="M" number="{per_group}" type="model">{extra}</selection>'
        for i in range(groups)
    )
    head = f'<selection id="{uid}" name="U{uid}" type="unit">'
    return f"{head}<selections>{models}</selections></selection>"


def test_a_unit_of_too_many_models_is_refused_naming_it() -> None:
    """Found by an audit: 3,000 groups of 1,000 models (144 KB) gave a unit of 3,000,000."""
    error = _error("m.ros", _units_ros(_unit("a", 2, 1000)))
    assert error.code == "roster/too_large"
    assert error.detail["field"] == "roster.forces[0].selections[0]"
    assert "'Ua' has 2000 models; at most 1000" in error.message


def test_an_army_of_too_many_models_is_refused_naming_the_unit() -> None:
    ok = import_roster("ok.ros", _units_ros(_unit("a", 2, 500), _unit("b", 1, 1000)))
    assert isinstance(ok, Army) and sum(u.model_count for u in ok.units) == 2000
    error = _error("m.ros", _units_ros(_unit("a", 2, 500), _unit("b", 1, 1000), _unit("c", 1, 1)))
    assert error.code == "roster/too_large"
    assert error.detail["field"] == "roster.forces[0].selections[2]"
    assert "passes 2000 models at unit 'Uc'" in error.message


def test_an_absurd_wargear_count_is_refused_naming_it() -> None:
    """Found by an audit: ``number='1e300'`` on a weapon gave a 301-digit total."""
    gun = (
        '<selections><selection id="w" name="Gun" number="1e300" type="upgrade"><profiles>'
        '<profile id="p" name="Gun" typeName="Ranged Weapons"/></profiles></selection></selections>'
    )
    error = _error("w.ros", _units_ros(_unit("a", 1, 5, gun)))
    assert error.code == "roster/too_large"
    field = "roster.forces[0].selections[0].selections[0].selections[0].number"
    assert error.detail["field"] == field
    assert error.message.startswith(f"w.ros: {field}: 'Gun' counts more than 10000")


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        (
            "lol.ros",
            BILLION_LAUGHS,
            "lol.ros: the XML declares a DTD or entities, which rosters never need",
        ),
        (
            "big.json",
            b'{"roster":{"costs":[{"value":' + b"9" * 5000 + b"}]}}",
            "big.json: the JSON holds a number too long to be a roster's",
        ),
        ("bad.json", b'{"roster": {', "bad.json: the file is not valid JSON (line 1, column 13)"),
        (
            "x.rosz",
            b"PKnot really a zip",
            "x.rosz: the file is not a readable zip archive (damaged?)",
        ),
        (
            "x.ros",
            b'<roster id="a"><forces></roster>',
            "x.ros: the file is not well-formed XML (line 1, column 26)",
        ),
        (
            "k.ros",
            b'<?xml version="1.0" encoding="klingon"?><roster/>',
            "k.ros: the XML declares a text encoding that cannot be read",
        ),
    ],
)
def test_messages_are_plain_words_not_python_internals(
    name: str, data: bytes, message: str
) -> None:
    """Found by an audit: ``(DTDForbidden(name='lolz', ...))``, ``Exceeds the limit (4300
    digits) ... sys.set_int_max_str_digits()``, ``(File is not a zip file)``."""
    assert _error(name, data).message == message


def test_a_utf16_json_with_a_bom_is_read_as_json(json_bytes: bytes) -> None:
    """Found by an audit: it was sniffed as XML and refused as roster/bad_xml."""
    army = import_roster("g.json", json_bytes.decode("utf-8").encode("utf-16"))
    assert isinstance(army, Army) and army == import_roster("g.json", json_bytes)
    broken = '{"roster": {'.encode("utf-16")
    assert _error("b.json", broken).code == "roster/bad_json"


def test_a_big_file_of_leading_spaces_is_too_large_not_empty(ros_bytes: bytes) -> None:
    """Found by an audit: 5 MiB of spaces before a roster gave roster/empty."""
    data = b" " * (MAX_FILE_BYTES + 1)
    assert _error("big.ros", data).code == "roster/too_large"
    assert _error("big.ros", data + ros_bytes).code == "roster/too_large"


@pytest.mark.parametrize("blank", [b" " * 2000, b"\r\n" * 3000, b"\xef\xbb\xbf" + b"\t" * 1500])
def test_the_first_non_space_character_decides_however_far_in(
    blank: bytes, ros_bytes: bytes, json_bytes: bytes
) -> None:
    """Found by an audit: more than 1,024 bytes of leading space gave roster/not_a_roster."""
    for data in (ros_bytes, json_bytes):
        army = import_roster("g", blank + data)
        assert isinstance(army, Army) and army == import_roster("g", data)


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        (b'{"roster":{"id":"r","forces":{}}}', "roster.forces"),
        (b'{"roster":{"id":"r","forces":{"force":[{"id":"f"}]}}}', "roster.forces"),
        (b'{"roster":{"id":"r","forces":5}}', "roster.forces"),
        (b'{"roster":{"id":"r","forces":[5]}}', "roster.forces[0]"),
        (
            b'{"roster":{"id":"r","forces":[{"id":"f","selections":{"id":"s"}}]}}',
            "roster.forces[0].selections",
        ),
    ],
)
def test_a_container_that_is_not_a_list_of_objects_is_refused(doc: bytes, field: str) -> None:
    """Found by an audit: ``"forces": {...}`` imported as an army of no units, without a word."""
    error = _error("s.json", doc)
    assert error.code == "roster/not_a_roster"
    assert error.detail["field"] == field

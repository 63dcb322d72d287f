"""BattleScribe ``.rosz``: a zip holding one ``.ros``, unpacked with hard limits.

The zip's own size claims are checked first and then not trusted: the member is read in
chunks and reading stops one byte past ``MAX_UNCOMPRESSED``, so a zip bomb costs at most that.
"""

from __future__ import annotations

import io
import lzma
import zipfile
import zlib

from vantage.rosters.errors import BAD_ZIP, TOO_LARGE, RosterFailure

MAX_UNCOMPRESSED = 4 * 1024 * 1024
MAX_RATIO = 100
MAX_MEMBERS = 4
CHUNK = 64 * 1024
_JUNK_PREFIXES = ("__MACOSX/",)


def read_rosz(data: bytes) -> bytes:
    """The bytes of the single roster inside a .rosz; raise ``RosterFailure`` otherwise."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            if len(infos) > MAX_MEMBERS:
                raise RosterFailure(
                    BAD_ZIP, f"the zip holds {len(infos)} entries; a .rosz holds one roster"
                )
            # a damaged directory can name a member "" (``is_dir`` then fails): not a roster
            members = [
                i
                for i in infos
                if i.filename
                and not i.filename.endswith("/")
                and not i.filename.startswith(_JUNK_PREFIXES)
            ]
            if len(members) != 1:
                raise RosterFailure(
                    BAD_ZIP, f"the zip holds {len(members)} files; a .rosz holds exactly one roster"
                )
            return _read_member(archive, members[0])
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        zlib.error,
        lzma.LZMAError,
        EOFError,
        OSError,
        ValueError,  # a damaged central directory: negative offsets
    ):
        raise RosterFailure(BAD_ZIP, "the file is not a readable zip archive (damaged?)") from None
    except NotImplementedError:
        raise RosterFailure(
            BAD_ZIP, "the zip is packed with a method this reader does not support"
        ) from None
    except RuntimeError:  # encrypted members
        raise RosterFailure(BAD_ZIP, "the zip is encrypted or cannot be opened") from None


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    if info.flag_bits & 0x1:
        raise RosterFailure(BAD_ZIP, f"{info.filename!r} in the zip is encrypted")
    if info.file_size > MAX_UNCOMPRESSED:
        raise _too_large(info.filename)
    limit = min(MAX_UNCOMPRESSED, max(info.compress_size, 1) * MAX_RATIO)
    out = bytearray()
    with archive.open(info) as member:
        while chunk := member.read(CHUNK):
            out += chunk
            if len(out) > MAX_UNCOMPRESSED:
                raise _too_large(info.filename)
            if len(out) > limit:
                raise RosterFailure(
                    TOO_LARGE,
                    f"{info.filename!r} expands more than {MAX_RATIO}x: not a roster, a zip bomb",
                )
    return bytes(out)


def _too_large(name: str) -> RosterFailure:
    mib = MAX_UNCOMPRESSED // (1024 * 1024)
    return RosterFailure(TOO_LARGE, f"{name!r} in the zip unpacks to more than {mib} MiB")

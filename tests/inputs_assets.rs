//! User PNGs: every bad file is a one-line error naming the file, never a
//! panic, and memory stays bounded whatever the header claims.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use hitfield::assets::{load_png, load_ship_paths, AssetError, AssetErrorKind};

/// CRC-32 as PNG chunks use it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// One PNG chunk with a correct length and CRC.
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc_input = kind.to_vec();
    crc_input.extend_from_slice(data);
    out.extend_from_slice(&crc32(&crc_input).to_be_bytes());
    out
}

/// A PNG with a hand-written IHDR (any size) and a tiny, valid zlib IDAT
/// holding one stored block of `raw` bytes.
fn handmade_png(width: u32, height: u32, bit_depth: u8, colour_type: u8, raw: &[u8]) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[bit_depth, colour_type, 0, 0, 0]);
    // zlib: header, one final stored block, Adler-32.
    let mut idat = vec![0x78, 0x01, 0x01];
    let len = raw.len() as u16;
    idat.extend_from_slice(&len.to_le_bytes());
    idat.extend_from_slice(&(!len).to_le_bytes());
    idat.extend_from_slice(raw);
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in raw {
        a = (a + u32::from(byte)) % 65521;
        b = (b + a) % 65521;
    }
    idat.extend_from_slice(&((b << 16) | a).to_be_bytes());
    let mut png = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    png.extend(chunk(b"IHDR", &ihdr));
    png.extend(chunk(b"IDAT", &idat));
    png.extend(chunk(b"IEND", &[]));
    png
}

/// A valid 7×5 RGBA PNG with a gradient, encoded by the `image` crate.
fn valid_png() -> Vec<u8> {
    let img = image::RgbaImage::from_fn(7, 5, |x, y| {
        image::Rgba([x as u8 * 30, y as u8 * 40, 200, (x * y * 9) as u8])
    });
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("encoding a tiny PNG in memory");
    out.into_inner()
}

/// Byte offset of the first chunk of `kind` (its length field).
fn find_chunk(png: &[u8], kind: &[u8; 4]) -> usize {
    png.windows(4)
        .position(|w| w == kind)
        .expect("chunk present")
        - 4
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("writing a test file");
    path
}

/// Checks the shared promises of every error: one line, names the file.
fn check_message(err: &AssetError, path: &Path) -> String {
    let text = err.to_string();
    assert!(!text.contains('\n'), "multi-line error: {text:?}");
    assert!(
        text.starts_with(&path.display().to_string()),
        "error does not name {}: {text}",
        path.display()
    );
    text
}

fn load_err(path: &Path) -> AssetError {
    match load_png(path) {
        Ok(img) => panic!(
            "{} loaded as {}×{}",
            path.display(),
            img.width(),
            img.height()
        ),
        Err(err) => err,
    }
}

#[test]
fn valid_png_loads_with_its_pixels() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(dir.path(), "ok.png", &valid_png());
    let img = load_png(&path).expect("valid PNG");
    assert_eq!((img.width(), img.height()), (7, 5));
    assert_eq!(img.get(3, 2), Some([90, 80, 200, 54]));
}

#[test]
fn grey_png_is_converted_to_rgba() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 2×1 8-bit grey: filter byte 0, then two samples.
    let path = write(
        dir.path(),
        "grey.png",
        &handmade_png(2, 1, 8, 0, &[0, 10, 250]),
    );
    let img = load_png(&path).expect("grey PNG");
    assert_eq!(img.get(0, 0), Some([10, 10, 10, 255]));
    assert_eq!(img.get(1, 0), Some([250, 250, 250, 255]));
}

#[test]
fn missing_file_names_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("nope.png");
    let err = load_err(&path);
    assert!(
        matches!(err.kind(), AssetErrorKind::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    );
    let text = check_message(&err, &path);
    assert!(text.contains("cannot read"), "{text}");
}

#[test]
fn text_file_is_not_a_png() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(dir.path(), "ship.png", b"this is not an image\n");
    let err = load_err(&path);
    assert!(matches!(err.kind(), AssetErrorKind::NotPng), "{err}");
    assert!(check_message(&err, &path).contains("not a PNG"));
}

#[test]
fn other_image_formats_are_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The start of a JPEG and of a GIF.
    for (name, bytes) in [
        (
            "a.png",
            &[0xff, 0xd8, 0xff, 0xe0, 0, 16, b'J', b'F', b'I', b'F'][..],
        ),
        ("b.png", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
    ] {
        let path = write(dir.path(), name, bytes);
        assert!(matches!(load_err(&path).kind(), AssetErrorKind::NotPng));
    }
}

#[test]
fn empty_and_tiny_files_are_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let empty = write(dir.path(), "empty.png", b"");
    assert!(matches!(load_err(&empty).kind(), AssetErrorKind::NotPng));
    let sig_only = write(dir.path(), "sig.png", &valid_png()[..10]);
    assert!(matches!(
        load_err(&sig_only).kind(),
        AssetErrorKind::Truncated
    ));
}

#[test]
fn truncated_png_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = valid_png();
    let idat = find_chunk(&png, b"IDAT");
    // Inside IHDR, at and inside IDAT, inside IEND, one byte short.
    for cut in [20, 30, idat, idat + 10, png.len() - 13, png.len() - 1] {
        let path = write(dir.path(), &format!("cut{cut}.png"), &png[..cut]);
        let err = load_err(&path);
        let text = check_message(&err, &path);
        assert!(
            matches!(err.kind(), AssetErrorKind::Truncated),
            "cut at {cut}: {text}"
        );
        assert!(text.contains("truncated"), "{text}");
    }
}

#[test]
fn oversized_file_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("huge.png");
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(hitfield::assets::MAX_FILE_BYTES + 1)
        .expect("sparse file");
    let err = load_err(&path);
    assert!(
        matches!(err.kind(), AssetErrorKind::FileTooLarge { .. }),
        "{err}"
    );
    check_message(&err, &path);
}

#[test]
fn bad_crc_is_corrupt() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut png = valid_png();
    let idat = find_chunk(&png, b"IDAT");
    let len = u32::from_be_bytes([png[idat], png[idat + 1], png[idat + 2], png[idat + 3]]);
    png[idat + 8 + len as usize - 1] ^= 0x55; // last data byte; the stored CRC no longer matches
    let path = write(dir.path(), "crc.png", &png);
    let err = load_err(&path);
    assert!(matches!(err.kind(), AssetErrorKind::Corrupt(_)), "{err}");
    let text = check_message(&err, &path);
    assert!(
        text.contains("corrupt PNG: bad CRC in the IDAT chunk"),
        "{text}"
    );
}

#[test]
fn garbage_idat_with_good_crc_is_corrupt() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = valid_png();
    let idat = find_chunk(&png, b"IDAT");
    let len = u32::from_be_bytes([png[idat], png[idat + 1], png[idat + 2], png[idat + 3]]);
    let garbage: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
    let mut bad = png[..idat].to_vec();
    bad.extend(chunk(b"IDAT", &garbage));
    bad.extend_from_slice(&png[idat + 12 + len as usize..]);
    let path = write(dir.path(), "garbage.png", &bad);
    let err = load_err(&path);
    assert!(
        matches!(
            err.kind(),
            AssetErrorKind::Corrupt(_) | AssetErrorKind::Truncated
        ),
        "{err}"
    );
    check_message(&err, &path);
}

#[test]
fn zero_sized_image_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (w, h) in [(0, 0), (0, 5), (5, 0)] {
        let path = write(
            dir.path(),
            &format!("z{w}x{h}.png"),
            &handmade_png(w, h, 8, 6, &[0]),
        );
        let err = load_err(&path);
        assert!(
            matches!(err.kind(), AssetErrorKind::Empty { width, height } if (*width, *height) == (w, h)),
            "{err}"
        );
        assert!(check_message(&err, &path).contains(&format!("{w}×{h}")));
    }
}

/// Peak resident memory of this process, in KiB (Linux only).
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn decompression_bomb_header_is_refused_with_bounded_memory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bomb = handmade_png(100_000, 100_000, 8, 6, &[0; 64]);
    assert!(bomb.len() < 200);
    let path = write(dir.path(), "bomb.png", &bomb);
    let before = peak_rss_kib();
    let err = load_err(&path);
    let after = peak_rss_kib();
    assert!(
        matches!(
            err.kind(),
            AssetErrorKind::TooLarge {
                width: 100_000,
                height: 100_000
            }
        ),
        "{err}"
    );
    let text = check_message(&err, &path);
    assert!(
        text.contains("100000×100000") && text.contains("8192"),
        "{text}"
    );
    if let (Some(before), Some(after)) = (before, after) {
        assert!(
            after - before < 64 * 1024,
            "peak memory grew by {} KiB",
            after - before
        );
    }
    // Just over the side limit in one direction only.
    let wide = write(dir.path(), "wide.png", &handmade_png(8193, 1, 8, 6, &[0]));
    assert!(matches!(
        load_err(&wide).kind(),
        AssetErrorKind::TooLarge { .. }
    ));
}

#[test]
fn image_over_the_memory_limit_is_refused_before_decoding() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 8192×8192 16-bit RGBA would need 512 MiB: within the side limit, over MAX_ALLOC.
    let path = write(
        dir.path(),
        "deep.png",
        &handmade_png(8192, 8192, 16, 6, &[0; 16]),
    );
    let before = peak_rss_kib();
    let err = load_err(&path);
    let after = peak_rss_kib();
    assert!(
        matches!(err.kind(), AssetErrorKind::OverMemoryLimit),
        "{err}"
    );
    check_message(&err, &path);
    if let (Some(before), Some(after)) = (before, after) {
        assert!(
            after - before < 64 * 1024,
            "peak grew {} KiB",
            after - before
        );
    }
}

#[test]
fn a_folder_is_not_a_file_for_load_png() {
    let dir = tempfile::tempdir().expect("tempdir");
    let err = load_err(dir.path());
    assert!(matches!(err.kind(), AssetErrorKind::NotAFile), "{err}");
}

#[test]
fn folder_loads_its_pngs_sorted_by_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = valid_png();
    write(dir.path(), "b.png", &png);
    write(dir.path(), "a.PNG", &png);
    write(dir.path(), "notes.txt", b"not a sprite");
    std::fs::create_dir(dir.path().join("sub.png")).expect("subfolder");
    let sprites = load_ship_paths(&[dir.path().to_path_buf()]).expect("folder of PNGs");
    let names: Vec<&str> = sprites.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a.PNG", "b.png"]);
}

#[test]
fn files_and_folders_keep_their_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sub = dir.path().join("fleet");
    std::fs::create_dir(&sub).expect("subfolder");
    write(&sub, "x.png", &valid_png());
    let single = write(dir.path(), "solo.png", &valid_png());
    let sprites = load_ship_paths(&[single, sub]).expect("file then folder");
    let names: Vec<&str> = sprites.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["solo.png", "x.png"]);
    assert!(load_ship_paths(&[]).expect("no paths").is_empty());
}

#[test]
fn folder_without_pngs_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "readme.txt", b"hello");
    let err = load_ship_paths(&[dir.path().to_path_buf()]).expect_err("no PNGs");
    assert!(
        matches!(err.kind(), AssetErrorKind::NoPngsInFolder),
        "{err}"
    );
    assert!(check_message(&err, dir.path()).contains("no .png files"));
    let empty = tempfile::tempdir().expect("tempdir");
    let err = load_ship_paths(&[empty.path().to_path_buf()]).expect_err("empty folder");
    assert!(matches!(err.kind(), AssetErrorKind::NoPngsInFolder));
}

#[test]
fn a_bad_png_in_a_folder_names_that_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "a.png", &valid_png());
    let bad = write(dir.path(), "b.png", b"oops");
    let err = load_ship_paths(&[dir.path().to_path_buf()]).expect_err("b.png is bad");
    assert_eq!(err.path(), bad);
    check_message(&err, &bad);
}

#[test]
fn missing_ship_path_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("missing");
    let err = load_ship_paths(std::slice::from_ref(&path)).expect_err("missing");
    check_message(&err, &path);
}

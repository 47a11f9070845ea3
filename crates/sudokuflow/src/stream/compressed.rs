//! Compressed inputs: gzip and zstd streams, told apart from plain text by
//! their first bytes (magic numbers), so that `.gz` and `.zst` files and
//! pipes are read directly, whatever their name.

use std::io::{self, BufRead, BufReader, Cursor, Read};

use flate2::bufread::MultiGzDecoder;
use ruzstd::decoding::errors::{FrameDecoderError, ReadFrameHeaderError};
use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};

/// Bytes of compressed input read at a time.
const BUFFER_LEN: usize = 128 * 1024;

/// How a stream is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compression {
    Gzip,
    Zstd,
}

impl Compression {
    /// The compression whose magic number `head` (a stream's first bytes)
    /// starts with, if any. No puzzle file starts with these bytes: they are
    /// not text.
    pub fn of(head: &[u8]) -> Option<Compression> {
        if head.starts_with(&[0x1f, 0x8b]) {
            Some(Compression::Gzip)
        } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Some(Compression::Zstd)
        } else {
            None
        }
    }

    /// A reader of the decompressed bytes of `reader`.
    pub fn decoder(self, reader: impl Read + Send + 'static) -> Box<dyn Read + Send> {
        let buffered = BufReader::with_capacity(BUFFER_LEN, reader);
        match self {
            // Members one after another (`cat a.gz b.gz`) read as one stream, as gzip -d does.
            Compression::Gzip => Box::new(MultiGzDecoder::new(buffered)),
            Compression::Zstd => Box::new(ZstdFrames {
                source: buffered,
                frame: FrameDecoder::new(),
                in_frame: false,
            }),
        }
    }
}

/// A stream read as is, or decompressed when it turns out to be gzip or
/// zstd: decided at the first read, so that opening a terminal or a pipe
/// does not wait for its first bytes.
pub(crate) struct Sniffed {
    unread: Option<Box<dyn Read + Send>>,
    reader: Option<Box<dyn Read + Send>>,
}

impl Sniffed {
    pub fn new(reader: Box<dyn Read + Send>) -> Sniffed {
        Sniffed {
            unread: Some(reader),
            reader: None,
        }
    }
}

impl Read for Sniffed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(mut source) = self.unread.take() {
            let mut head = Vec::with_capacity(4);
            while head.len() < 4 {
                let mut byte = [0u8; 4];
                match source.read(&mut byte[..4 - head.len()]) {
                    Ok(0) => break,
                    Ok(n) => head.extend_from_slice(&byte[..n]),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        // Keep what was read: a later read tries again.
                        self.unread = Some(Box::new(Cursor::new(head).chain(source)));
                        return Err(e);
                    }
                }
            }
            let compression = Compression::of(&head);
            let whole = Cursor::new(head).chain(source);
            self.reader = Some(match compression {
                Some(compression) => compression.decoder(whole),
                None => Box::new(whole),
            });
        }
        self.reader
            .as_mut()
            .expect("set at the first read")
            .read(buf)
    }
}

/// A zstd stream of one or more frames (as `cat a.zst b.zst`, or pzstd
/// writes), skippable frames skipped, read as one.
struct ZstdFrames<R: BufRead> {
    source: R,
    frame: FrameDecoder,
    in_frame: bool,
}

impl<R: BufRead> Read for ZstdFrames<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        loop {
            if self.in_frame {
                while self.frame.can_collect() == 0 && !self.frame.is_finished() {
                    self.frame
                        .decode_blocks(&mut self.source, BlockDecodingStrategy::UptoBlocks(1))
                        .map_err(zstd_error)?;
                }
                let n = self.frame.read(buf)?;
                if n > 0 {
                    return Ok(n);
                }
                // The whole frame read: damage that still decodes shows in
                // its checksum, where it has one (as gzip's CRC).
                if let (Some(stored), Some(computed)) = (
                    self.frame.get_checksum_from_data(),
                    self.frame.get_calculated_checksum(),
                ) && stored != computed
                {
                    return Err(corrupt("its checksum does not match the data"));
                }
                self.in_frame = false;
            }
            if self.source.fill_buf()?.is_empty() {
                return Ok(0);
            }
            match self.frame.init(&mut self.source) {
                Ok(()) => self.in_frame = true,
                Err(FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::SkipFrame {
                    length,
                    ..
                })) => {
                    let skipped = io::copy(
                        &mut (&mut self.source).take(u64::from(length)),
                        &mut io::sink(),
                    )?;
                    if skipped < u64::from(length) {
                        return Err(truncated("it ends inside a skippable frame"));
                    }
                }
                Err(e) => return Err(zstd_error(e)),
            }
        }
    }
}

/// Why a zstd stream cannot be read, in words (ruzstd's own messages are
/// its types' debug text): truncated when the decoder ran out of input,
/// else corrupt, saying which part is damaged.
fn zstd_error(e: FrameDecoderError) -> io::Error {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(&e);
    while let Some(error) = cause {
        if error
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::UnexpectedEof)
        {
            return truncated("it ends inside a frame");
        }
        cause = error.source();
    }
    corrupt(match e {
        FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::BadMagicNumber(_)) => {
            "what follows a frame is not a zstd frame"
        }
        FrameDecoderError::ReadFrameHeaderError(_)
        | FrameDecoderError::FrameHeaderError(_)
        | FrameDecoderError::FailedToInitialize(_) => "a frame header is damaged",
        FrameDecoderError::WindowSizeTooBig { .. } => {
            "a frame asks for more memory than a zstd stream may"
        }
        FrameDecoderError::DictNotProvided { .. } | FrameDecoderError::DictionaryDecodeError(_) => {
            "it was compressed with a dictionary, which cannot be given here"
        }
        _ => "a block is damaged",
    })
}

fn corrupt(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("corrupt zstd stream: {what}"),
    )
}

fn truncated(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::UnexpectedEof,
        format!("truncated zstd stream: {what}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(data).unwrap();
        encoder.finish().unwrap()
    }

    fn zstd(data: &[u8]) -> Vec<u8> {
        ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest)
    }

    fn read_all(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        Sniffed::new(Box::new(Cursor::new(bytes))).read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn plain_gzip_and_zstd_read_the_same() {
        let text: Vec<u8> = (0..5000)
            .flat_map(|i| format!("{i:081}\n").into_bytes())
            .collect();
        assert_eq!(read_all(text.clone()).unwrap(), text);
        assert_eq!(read_all(gzip(&text)).unwrap(), text);
        assert_eq!(read_all(zstd(&text)).unwrap(), text);
        // Short and empty plain inputs, shorter than a magic number.
        assert_eq!(read_all(b"1".to_vec()).unwrap(), b"1");
        assert_eq!(read_all(Vec::new()).unwrap(), b"");
    }

    #[test]
    fn concatenated_members_and_frames_read_as_one() {
        let (a, b) = (b"first\n".as_slice(), b"second\n".as_slice());
        assert_eq!(
            read_all([gzip(a), gzip(b)].concat()).unwrap(),
            b"first\nsecond\n"
        );
        // A skippable frame (magic 0x184D2A50, 4-byte length) between two frames.
        let skippable = [&[0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0][..], b"xyz"].concat();
        let stream = [zstd(a), skippable, zstd(b)].concat();
        assert_eq!(read_all(stream).unwrap(), b"first\nsecond\n");
    }

    /// Item 29 of issue 34: a damaged zstd stream is described in words, as
    /// a gzip one is, and a cut one is called truncated.
    #[test]
    fn zstd_errors_are_plain_words() {
        let text: Vec<u8> = (0..3000)
            .flat_map(|i| format!("{:081}\n", i * 7919).into_bytes())
            .collect();
        let stream = zstd(&text);
        let plain = |message: &str| {
            message.starts_with("corrupt zstd stream: ")
                || message.starts_with("truncated zstd stream: ")
        };
        for cut in [5, 9, stream.len() / 3, stream.len() / 2, stream.len() - 1] {
            let message = read_all(stream[..cut].to_vec()).unwrap_err().to_string();
            assert!(
                message.starts_with("truncated zstd stream: "),
                "cut at {cut}: {message}"
            );
        }
        let skippable = [&[0x50, 0x2a, 0x4d, 0x18, 9, 0, 0, 0][..], b"xyz"].concat();
        let message = read_all([zstd(b"1\n"), skippable].concat())
            .unwrap_err()
            .to_string();
        assert!(message.starts_with("truncated zstd stream: "), "{message}");
        // A damaged byte is an error, never other text read as if whole
        // (the frame's checksum catches what decodes).
        for at in (4..stream.len()).step_by(7) {
            let mut bad = stream.clone();
            bad[at] ^= 0x5a;
            match read_all(bad) {
                Ok(read) => assert!(read == text, "damaged at {at}: read as other text"),
                Err(e) => {
                    let message = e.to_string();
                    assert!(
                        plain(&message) && !message.contains(['{', '(', '_']),
                        "damaged at {at}: {message}"
                    );
                }
            }
        }
        let message = read_all([zstd(b"1\n"), b"not zstd".to_vec()].concat())
            .unwrap_err()
            .to_string();
        assert!(plain(&message), "{message}");
    }

    #[test]
    fn corrupt_streams_are_errors_not_panics() {
        let text = b"123456789\n".repeat(1000);
        for mut stream in [gzip(&text), zstd(&text)] {
            let len = stream.len();
            stream[len / 2] ^= 0x55;
            let _ = read_all(stream.clone());
            stream.truncate(len / 2);
            assert!(read_all(stream).is_err());
        }
        // A magic number and then garbage.
        assert!(read_all(vec![0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3]).is_err());
        assert!(read_all(vec![0x1f, 0x8b, 1, 2, 3]).is_err());
    }
}

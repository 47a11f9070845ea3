//! A PDF file written object by object as they are made: the header first,
//! then each object in any order, then the cross-reference table of their
//! offsets and the trailer. Memory holds only the offsets.

use std::io::{self, Write};

use pdf_writer::{Chunk, Ref};

pub struct ObjectStream<'a> {
    out: &'a mut dyn Write,
    written: u64,
    /// Each object's offset in the file, by number; 0 for not yet written.
    offsets: Vec<u64>,
}

impl<'a> ObjectStream<'a> {
    pub fn new(out: &'a mut dyn Write) -> io::Result<ObjectStream<'a>> {
        let mut file = ObjectStream {
            out,
            written: 0,
            // Object 0 is the head of the free list.
            offsets: vec![0],
        };
        // The second line's bytes above 127 mark the file as binary.
        file.raw(b"%PDF-1.7\n%\x80\x80\x80\x80\n")?;
        Ok(file)
    }

    /// A new object number, to write later.
    pub fn next_ref(&mut self) -> Ref {
        self.offsets.push(0);
        Ref::new(self.offsets.len() as i32 - 1)
    }

    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Writes `chunk`, which holds the one object `id`.
    pub fn object(&mut self, id: Ref, chunk: &Chunk) -> io::Result<()> {
        self.offsets[id.get() as usize] = self.written;
        self.raw(chunk.as_bytes())
    }

    /// The cross-reference table (entries of exactly 20 bytes) and trailer,
    /// written an entry at a time: a table of a whole book in memory would
    /// be the largest thing there.
    pub fn finish(self, catalog: Ref, info: Ref) -> io::Result<()> {
        let table_offset = self.written;
        let out = self.out;
        write!(
            out,
            "xref\n0 {}\n0000000000 65535 f\r\n",
            self.offsets.len()
        )?;
        for &offset in &self.offsets[1..] {
            debug_assert!(offset > 0, "every object is written");
            write!(out, "{offset:010} 00000 n\r\n")?;
        }
        write!(
            out,
            "trailer\n<< /Size {} /Root {} 0 R /Info {} 0 R >>\nstartxref\n{table_offset}\n%%EOF\n",
            self.offsets.len(),
            catalog.get(),
            info.get()
        )
    }
}

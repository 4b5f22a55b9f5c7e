//! The one table writer of the bench reports (`hitfield bench` and the
//! benches' programs): the same header and rows written as CSV (RFC 4180
//! quoting) or as a Markdown table.

/// A table of text cells: a header and rows of the same width.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// An empty table with these column names.
    pub fn new<S: ToString>(header: impl IntoIterator<Item = S>) -> Table {
        Table {
            header: header.into_iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row of as many cells as the header has (a test build checks
    /// it; otherwise missing cells are left empty, extra ones dropped).
    pub fn push<S: ToString>(&mut self, cells: impl IntoIterator<Item = S>) {
        let mut row: Vec<String> = cells.into_iter().map(|c| c.to_string()).collect();
        debug_assert_eq!(row.len(), self.header.len(), "a row as wide as the header");
        row.resize(self.header.len(), String::new());
        self.rows.push(row);
    }

    /// The table as CSV: the header line, then one line per row.
    pub fn csv(&self) -> String {
        let line = |cells: &[String]| {
            let quoted: Vec<String> = cells.iter().map(|c| csv_field(c)).collect();
            quoted.join(",") + "\n"
        };
        std::iter::once(&self.header)
            .chain(&self.rows)
            .map(|r| line(r))
            .collect()
    }

    /// The table in Markdown. A column whose cells all read as numbers
    /// (`1.5`, `-3`, `12%`, `2.10×`, `–`) is right-aligned.
    pub fn markdown(&self) -> String {
        let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
        let rule: Vec<String> = (0..self.header.len())
            .map(|i| {
                let numeric = self.rows.iter().all(|r| looks_numeric(&r[i]));
                if numeric { "---:" } else { "---" }.to_string()
            })
            .collect();
        let mut md = line(&self.header) + &format!("|{}|\n", rule.join("|"));
        self.rows.iter().for_each(|r| md.push_str(&line(r)));
        md
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(cell: &str) -> String {
    if cell.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_string()
    }
}

/// True for a cell that is a number, maybe signed or followed by a unit
/// sign, or the dash of a missing figure.
fn looks_numeric(cell: &str) -> bool {
    let core = cell
        .trim_end_matches(['%', '×'])
        .trim_start_matches(['+', '-']);
    cell == "–" || (!core.is_empty() && core.parse::<f64>().is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_table_two_formats() {
        let mut t = Table::new(["case", "ms"]);
        t.push(["copy, 2 threads", "1.50"]);
        t.push(["say \"rmw\"", "–"]);
        assert_eq!(
            t.csv(),
            "case,ms\n\"copy, 2 threads\",1.50\n\"say \"\"rmw\"\"\",–\n"
        );
        assert_eq!(
            t.markdown(),
            "| case | ms |\n|---|---:|\n| copy, 2 threads | 1.50 |\n| say \"rmw\" | – |\n"
        );
    }
}

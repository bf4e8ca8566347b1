// Package columns holds the column builders every loader fills row by
// row before it makes its frames: Int, Float and Bool with nulls,
// DenseInt and DenseFloat without, Str (text that stays a dictionary
// while its values repeat), Text (raw records in one buffer, cut at
// Arrow's 2 GiB limit with a warning), and Set, the ordered columns of
// one frame, each named once where it is declared.
package columns

package main

import "flag"

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script")

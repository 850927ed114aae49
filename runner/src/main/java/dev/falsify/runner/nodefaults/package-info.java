/**
 * Clock and storage faults on the processes a scenario's services run (issue 33): libfaketime for clocks
 * (the host's clock is never touched) and Falsify's FUSE layer for data directories, each with the landing
 * evidence it measures itself. Depends on the model and the runner's exec layer only; the run package
 * drives it.
 */
package dev.falsify.runner.nodefaults;

#!/bin/sh
# Prints the narrator voice for the current quest.
echo "The narrator clears its throat."

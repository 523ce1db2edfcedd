import argparse
argparse.ArgumentParser().parse_args()

"""Skillful's registry calls: dice, contests, consequences, suckage, fumbles and aid."""
